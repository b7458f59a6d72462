// app/notify: native notifications and in-app notices, and their words.
import { msg, type Message, type MessageKey } from '../../../shared/i18n/message.ts';
import { PAUSE_REASONS } from '../../../shared/views.ts';
import type { EventSink } from '../ports.ts';

/**
 * The in-app notices at the top of the dashboard (AppStateView.notices): one-off
 * facts such as a settings file moved aside or a journal write that failed.
 * Each is a message of the catalogues (the notices namespace, or an error's
 * own words), made here or coming with the fact from the store that noticed
 * it; the dashboard words it in its language.
 */
export class Notices {
  private readonly messages: Message[] = [];
  private readonly events: EventSink;

  constructor(events: EventSink) {
    this.events = events;
  }

  push(message: Message): void {
    this.messages.push(message);
  }

  /** Kept and also pushed to an open dashboard at once. */
  announce(message: Message): void {
    this.push(message);
    this.events.emit('app:notice', { level: 'warning', message });
  }

  all(): Message[] {
    return [...this.messages];
  }
}

/** The notices' words (the notices catalogue). */
export const noticeText = {
  reconnectFailed: (reason: Message): Message => msg('notices:reconnectFailed', { reason }),
  presetsDropped: (count: number): Message => msg('notices:presetsDropped', { count }),
  walletsDropped: (count: number): Message => msg('notices:walletsDropped', { count }),
  rulesDropped: (count: number): Message => msg('notices:rulesDropped', { count }),
  walletsKeptInSettings: (): Message => msg('notices:walletsKeptInSettings'),
  rulesKeptInSettings: (): Message => msg('notices:rulesKeptInSettings'),
};

/** Why polling is paused, in words: the reasons the loops were paused for (the tray, sleep, offline, refused credentials). */
const PAUSE_KEYS: Readonly<Record<string, MessageKey>> = {
  [PAUSE_REASONS.user]: 'notices:pausedBy.user',
  [PAUSE_REASONS.suspend]: 'notices:pausedBy.suspend',
  [PAUSE_REASONS.offline]: 'notices:pausedBy.offline',
  [PAUSE_REASONS.auth]: 'notices:pausedBy.auth',
};

/** The reasons polling is paused for, joined; a reason this version does not name is left out. */
export function pauseReasonsText(reasons: readonly string[]): Message | null {
  const known = reasons.filter((r) => Object.hasOwn(PAUSE_KEYS, r)).map((r): Message => msg(PAUSE_KEYS[r]!));
  return known.reduce<Message | null>((list, next) => (list === null ? next : msg('notices:pausedBy.and', { first: list, next })), null);
}
