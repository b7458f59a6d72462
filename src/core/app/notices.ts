import type { EventSink } from './ports.ts';

/**
 * The in-app notices at the top of the dashboard (AppStateView.notices): one-off
 * facts such as a settings file moved aside or a journal write that failed.
 * Their texts are made here (or come with the fact from the store that
 * noticed it), next to the native notifications' texts in notifications.ts.
 */
export class Notices {
  private readonly messages: string[] = [];
  private readonly events: EventSink;

  constructor(events: EventSink) {
    this.events = events;
  }

  push(message: string): void {
    this.messages.push(message);
  }

  /** Kept and also pushed to an open dashboard at once. */
  announce(message: string): void {
    this.push(message);
    this.events.emit('app:notice', { level: 'warning', message });
  }

  all(): string[] {
    return [...this.messages];
  }
}

export const noticeText = {
  reconnectFailed: (err: unknown): string => `Could not reconnect: ${err instanceof Error ? err.message : 'unknown error'}`,
  authenticationFailed: (message: string): string =>
    `Authentication failed: ${message} Polling is paused until you fix the credentials in Settings.`,
  presetsDropped: (count: number): string => `${count} saved preset(s) were invalid and left out.`,
};
