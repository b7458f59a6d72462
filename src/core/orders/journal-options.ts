import type { Origin } from './order-rows.ts';

/** How an order journal is opened (order-journal.ts): who writes, and the store's limits. */
export interface JournalOptions {
  newId?: () => string;
  /** Who writes: the app (default) settles its own interrupted intents at a start; the CLI only its own runs'. */
  origin?: Origin;
  /** Stalled orders older than this stay on disk only (polling them has ended). Default 24 h. */
  keepStalledMs?: number;
  /** How long a write waits while another process writes the same database. Default 5 s. */
  busyTimeoutMs?: number;
  /** Tests: SQLite's page cap, to fail a write with SQLITE_FULL as a full disk does. */
  maxPageCount?: number;
  /** The writer shows each outcome it records (the CLI prints it): marked notified in that write, never by the app too. */
  showsOwnOutcomes?: boolean;
  /** PRAGMA quick_check on open (default true; about 0.1 s at 100,000 orders). The CLI's short runs leave it to the app and the daemon. */
  quickCheck?: boolean;
}
