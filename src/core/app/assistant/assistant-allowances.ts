// app/assistant: what an AI assistant (energy-tray mcp) may buy: the allowance, its approval and its refusals' notices.
import type { AssistantAllowanceDraftView, AssistantAllowanceSaveView, AssistantAllowanceView } from '../../../shared/views.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { msg, type Message } from '../../../shared/i18n/message.ts';
import type { Clock } from '../../base/clock.ts';
import { unitsToDecimalString } from '../../base/money.ts';
import {
  allowanceOf,
  allowanceRaises,
  checkAllowanceDraft,
  refusalWords,
  withAllowance,
  type Allowance,
} from '../../assistant/allowance.ts';
import type { StoredRefusal } from '../../orders/assistant-orders.ts';
import { startOfLocalDay } from '../../orders/spend-limit.ts';
import { assistantAllowanceApproval } from './assistant-approval.ts';
import type { Approvals } from '../approvals/approvals.ts';
import type { Notices } from '../notify/notices.ts';
import type { Session } from '../session/session.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';

/** How often the app looks for refusals an MCP server wrote (one PRAGMA data_version when nothing changed). */
export const REFUSAL_LOOK_MS = 1_000;

const DEFAULT_DRAFT: AssistantAllowanceDraftView = { dailyTrx: '20', perOrderTrx: '5', watchedOnly: true, addresses: [] };

export interface AssistantAllowancesDeps {
  clock: Clock;
  sessions: SessionManager;
  settings: SettingsService;
  approvals: Approvals;
  notices: Notices;
  language: () => Language;
}

const draftOf = (a: Allowance): AssistantAllowanceDraftView => ({
  dailyTrx: unitsToDecimalString(a.dailySun),
  perOrderTrx: unitsToDecimalString(a.perOrderSun),
  watchedOnly: a.watchedOnly,
  addresses: [...a.addresses],
});

/**
 * The assistant allowance of the live profile (issue 27): shown, set (a
 * main-drawn approval when created, raised or widened; none when lowered or
 * turned off) and, while a session is open, the refusals an MCP server wrote
 * into the profile's order store, each told once as an in-app notice: the
 * MCP server runs in another process, and this is how the running app hears
 * that an assistant asked for more than it may spend.
 */
export class AssistantAllowances {
  private readonly deps: AssistantAllowancesDeps;
  private look: { session: Session; timer: unknown; lastSeq: number } | null = null;

  constructor(deps: AssistantAllowancesDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session }) => {
      if (!session.demo) this.watch(session);
    });
    deps.sessions.events.on('closed', (session) => {
      if (this.look?.session !== session) return;
      deps.clock.clearTimeout(this.look.timer);
      this.look = null;
    });
  }

  get(): AssistantAllowanceView {
    const session = this.deps.sessions.current();
    if (!session || session.demo)
      return {
        enabled: false,
        available: false,
        draft: { ...DEFAULT_DRAFT },
        dailySun: null,
        perOrderSun: null,
        spentTodaySun: '0',
        ordersToday: 0,
      };
    const allowance = allowanceOf(this.deps.settings.current.assistantAllowances, session.profileId);
    const today = session.journal.assistant.assistantDay(startOfLocalDay(this.deps.clock.now()));
    return {
      enabled: allowance !== null,
      available: true,
      draft: allowance ? draftOf(allowance) : { ...DEFAULT_DRAFT },
      dailySun: allowance?.dailySun.toString() ?? null,
      perOrderSun: allowance?.perOrderSun.toString() ?? null,
      spentTodaySun: today.spentSun.toString(),
      ordersToday: today.orders,
    };
  }

  /** A draft (its problems, or saved) or null (off: never asks). Creating, raising or widening asks main first. */
  async save(draft: AssistantAllowanceDraftView | null): Promise<AssistantAllowanceSaveView> {
    const session = this.deps.sessions.require();
    const { profileId } = session;
    if (session.demo) return { saved: true, allowance: this.get() };
    if (draft === null) {
      await this.deps.settings.update((s) => ({ ...s, assistantAllowances: withAllowance(s.assistantAllowances, profileId, null) }));
      return { saved: true, allowance: this.get() };
    }
    const checked = checkAllowanceDraft(draft, profileId, this.deps.clock.now());
    if (!checked.ok) return { saved: false, problems: checked.problems };
    const before = allowanceOf(this.deps.settings.current.assistantAllowances, profileId);
    const raised = allowanceRaises(before, checked.allowance).length > 0;
    if (raised) await this.deps.approvals.require(assistantAllowanceApproval(before, checked.allowance, this.deps.approvals.language()));
    // When it was last approved: a change that only lowers keeps the earlier date.
    const next = { ...checked.allowance, approvedAt: raised || before === null ? checked.allowance.approvedAt : before.approvedAt };
    await this.deps.settings.update((s) => ({ ...s, assistantAllowances: withAllowance(s.assistantAllowances, profileId, next) }));
    return { saved: true, allowance: this.get() };
  }

  private watch(session: Session): void {
    let lastSeq = 0;
    try {
      lastSeq = session.journal.assistant.lastRefusalSeq();
    } catch {
      // A store that cannot be read now: refusals from here on are still told.
    }
    const tick = (): void => {
      if (this.look?.session !== session) return;
      this.tellRefusals(session);
      this.look.timer = this.deps.clock.setTimeout(tick, REFUSAL_LOOK_MS);
    };
    this.look = { session, lastSeq, timer: this.deps.clock.setTimeout(tick, REFUSAL_LOOK_MS) };
  }

  private tellRefusals(session: Session): void {
    const look = this.look;
    if (!look) return;
    let found: StoredRefusal[];
    try {
      if (!session.journal.assistant.othersWrote()) return;
      found = session.journal.assistant.refusalsAfter(look.lastSeq);
    } catch {
      return; // the store is busy (the MCP server writes): the next look finds them
    }
    for (const refusal of found) {
      look.lastSeq = Math.max(look.lastSeq, refusal.seq);
      this.deps.notices.announce(refusalNotice(refusal));
    }
  }
}

/** The words of one refusal (the notices catalogue): who asked, for what and why not; the client and reason quoted and isolated. */
export function refusalNotice(r: StoredRefusal): Message {
  const { why, cost } = refusalWords(r.why, r.costSun, r.limitSun);
  return msg('notices:assistant.refused', {
    client: msg('notices:assistant.client', { name: { name: r.client } }),
    address: r.address,
    cost,
    reason: { name: r.reason },
    why,
  });
}
