import { translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import type { EventSink } from '../ports.ts';

/**
 * The in-app notices at the top of the dashboard (AppStateView.notices): one-off
 * facts such as a settings file moved aside or a journal write that failed.
 * Their texts are made here (or come with the fact from the store that
 * noticed it), next to the native notifications' texts in notifications.ts.
 */
export class Notices {
  private readonly messages: string[] = [];
  private readonly events: EventSink;
  /** The app's language at the time a notice is made (the notices catalogue). */
  readonly language: () => Language;

  constructor(events: EventSink, language: () => Language = () => SOURCE_LANGUAGE) {
    this.events = events;
    this.language = language;
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

/** The notices' words in `language` (the notices catalogue); English unless told. */
export const noticeText = {
  reconnectFailed: (err: unknown, language: Language = SOURCE_LANGUAGE): string => {
    const t = translator(language, 'notices');
    return t('reconnectFailed', { reason: err instanceof Error ? err.message : t('unknownError') });
  },
  presetsDropped: (count: number, language: Language = SOURCE_LANGUAGE): string => translator(language, 'notices')('presetsDropped', { count }),
};
