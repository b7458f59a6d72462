/** Something a person should know about the order journal (shown as a notice in the dashboard). */
export interface JournalNotice {
  /**
   * quarantined: a whole file could not be read and was moved aside;
   * set_aside: single records could not be read and were kept apart, the others loaded;
   * interrupted: intents found without an answer after a restart;
   * write_failed: a change could not be saved (it is kept in memory and retried).
   */
  kind: 'quarantined' | 'set_aside' | 'interrupted' | 'write_failed';
  message: string;
  at: number;
}
