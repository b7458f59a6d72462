import { englishText } from '../../shared/i18n/english-message.ts';
import type { AppLog } from './session/session-manager.ts';
import type { Approval, EventSink, Notifier } from './ports.ts';
import type { EventName, IpcEvents } from '../../shared/ipc.ts';
import type { BalanceView, NodeBudgetView, OrderView, WalletsView } from '../../shared/views.ts';

/**
 * The desktop's ports without a desktop: what the app would show becomes a
 * log line. Amounts stay the views' decimal strings of SUN (exact); no view
 * carries a secret.
 */

/** A notification the app would show. */
export function loggingNotifier(log: AppLog): Notifier {
  return { show: ({ title, body, localId }) => log.info({ title, body, ...(localId === undefined ? {} : { localId }) }, 'notification') };
}

/**
 * Nobody can approve anything headless: every approval is refused (what
 * needed it changes nothing and sends nothing) and logged. Auto top-up rules
 * were approved in the app when they were created and buy without asking.
 */
export function refusingApproval(log: AppLog): Approval {
  return {
    confirm: async (request) => {
      const cost = request.costSun === null ? {} : { costSun: request.costSun.toString() };
      log.warn(
        {
          kind: request.kind,
          title: request.title,
          address: request.address,
          ...cost,
          reason: 'no one can approve in the headless daemon',
        },
        'approval_refused',
      );
      return false;
    },
  };
}

const orderFields = (o: OrderView): Record<string, unknown> => ({
  localId: o.localId,
  kind: o.kind,
  address: o.address,
  state: o.state,
  orderSn: o.orderSn,
  orderId: o.orderId,
  count: o.count,
  period: o.period,
  quotedSun: o.quotedSun,
  chargedSun: o.chargedSun,
  serverStatus: o.serverStatus,
  error: o.error,
});

const TROUBLE = new Set<OrderView['state']>(['failed', 'outcome_unknown', 'stalled']);

/**
 * The dashboard's events as log lines, each when what it says changed: an
 * order's state, the balance, a wallet's reading or its failure, a notice,
 * polling paused or resumed. The rest (presets, savings, resets) is for a
 * screen the daemon does not have.
 */
export class LoggingEventSink implements EventSink {
  private readonly log: AppLog;
  private readonly orderStates = new Map<string, string>();
  private readonly walletReads = new Map<string, string>();
  private lastBalance = '';
  /** How many times each notice text was logged: a notice reaches the sink as an event, in the state, or both. */
  private readonly noticesLogged = new Map<string, number>();
  private pausedFor: string | null = null;
  /** The service's refusal of the key last logged (the dashboard shows it as its banner). */
  private keyRefused: string | null = null;
  /** The budget's cuts last logged ('' while it lasts the day as planned). */
  private budgetShort = '';

  constructor(log: AppLog) {
    this.log = log;
  }

  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void {
    if (event === 'app:order-updated') this.order(payload as OrderView);
    else if (event === 'app:balance') this.balance(payload as BalanceView);
    else if (event === 'app:wallets') this.wallets(payload as WalletsView);
    else if (event === 'app:notice') this.notice(englishText((payload as IpcEvents['app:notice']).message));
    else if (event === 'app:state') this.state(payload as IpcEvents['app:state']);
  }

  private order(o: OrderView): void {
    const key = `${o.state}|${o.orderSn ?? ''}|${o.orderId ?? ''}`;
    if (this.orderStates.get(o.localId) === key) return;
    this.orderStates.set(o.localId, key);
    (TROUBLE.has(o.state) ? this.log.warn : this.log.info).call(this.log, orderFields(o), 'order');
  }

  private balance(b: BalanceView): void {
    const key = `${b.trxSun}|${b.usdtMicros}|${b.stale}|${b.low}`;
    if (key === this.lastBalance) return;
    this.lastBalance = key;
    this.log.info({ trxSun: b.trxSun, usdtMicros: b.usdtMicros, stale: b.stale, low: b.low }, 'balance');
  }

  private wallets(view: WalletsView): void {
    this.budget(view.budget ?? null);
    for (const w of view.wallets) {
      if (w.readAt === null && w.error === null) continue;
      // A prediction moving as used energy recovers is no news: the read it comes from was logged.
      if (w.predicted && this.walletReads.has(w.address)) continue;
      const fields = {
        address: w.address,
        label: w.label,
        energyAvailable: w.energy?.available ?? null,
        bandwidthAvailable: w.bandwidth?.available ?? null,
        trxSun: w.trxSun,
        coveredTransfers: w.covered?.planned ?? null,
        low: w.low,
        incoming: w.incoming.map((i) => i.localId),
      };
      // A line when what the wallet has (or why it cannot be read, and when it is read again) changed, not at every reading.
      const error = w.error === null ? null : englishText(w.error);
      const key = JSON.stringify([fields, error, w.retryAt]);
      if (this.walletReads.get(w.address) === key) continue;
      this.walletReads.set(w.address, key);
      if (error === null) this.log.info(fields, 'wallet');
      else {
        const retryAt = w.retryAt === null ? null : new Date(w.retryAt).toISOString();
        this.log.warn({ ...fields, error, retryAt }, 'wallet_read_failed');
      }
    }
  }

  /** The node's daily request budget running short, and what the wallets do about it: a line when that changes. */
  private budget(budget: NodeBudgetView | null): void {
    const short = budget?.short.join(',') ?? '';
    if (short === this.budgetShort) return;
    this.budgetShort = short;
    if (!budget) return;
    const fields = { budget: budget.budget, usedToday: budget.usedToday, short: budget.short, refreshMs: budget.refreshMs };
    if (short === '') this.log.info(fields, 'node_budget_ok');
    else this.log.warn({ ...fields, followEverySeconds: budget.followEverySeconds }, 'node_budget_short');
  }

  private notice(message: string): void {
    this.noticesLogged.set(message, (this.noticesLogged.get(message) ?? 0) + 1);
    this.log.warn({ message }, 'notice');
  }

  private state(state: IpcEvents['app:state']): void {
    const counts = new Map<string, number>();
    // The log is for operators: notices and reasons in English.
    for (const message of state.notices.map(englishText)) counts.set(message, (counts.get(message) ?? 0) + 1);
    for (const [message, count] of counts) for (let n = this.noticesLogged.get(message) ?? 0; n < count; n++) this.notice(message);
    const { status, message } = state.service;
    const refused = status === 'auth_failed' ? (message === null ? '' : englishText(message)) : null;
    if (refused !== this.keyRefused) {
      this.keyRefused = refused;
      if (refused !== null) this.log.warn({ message: refused }, 'authentication_failed');
    }
    const reason = state.polling.paused ? (state.polling.reason === null ? 'paused' : englishText(state.polling.reason)) : null;
    if (reason === this.pausedFor) return;
    this.pausedFor = reason;
    if (reason === null) this.log.info({}, 'polling_resumed');
    else this.log.warn({ reason }, 'polling_paused');
  }
}
