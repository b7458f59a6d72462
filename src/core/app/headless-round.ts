import type { BalanceView, WalletView } from '../../shared/views.ts';
import type { BalanceTracker } from './session/balance-tracker.ts';
import type { NodeConnection } from './session/node-connection.ts';
import type { RulesService } from './auto-top-up/rules-service.ts';
import type { SessionManager } from './session/session-manager.ts';
import type { WalletService } from './wallets/wallet-service.ts';

/** What one round saw: the balance (null when the service did not answer), each watched wallet, the orders still followed. */
export interface RoundResult {
  balance: BalanceView | null;
  wallets: WalletView[];
  openOrders: number;
}

export interface RoundDeps {
  sessions: SessionManager;
  balance: BalanceTracker;
  node: NodeConnection;
  wallets: WalletService;
  rules: RulesService;
}

/**
 * One evaluation round of the live session, for `energy-tray daemon --once`
 * (cron): the balance and every followed order are checked now, every watched
 * wallet is read once, and the round ends when those answers (and what
 * follows from them: journal writes, notifications, what the wiring
 * evaluates on a reading) are done. Nothing here decides or buys: it makes
 * the pollers run now instead of on their timers.
 */
export async function checkOnce(deps: RoundDeps): Promise<RoundResult> {
  const session = deps.sessions.require();
  session.scheduler.checkAllNow();
  // The node's client is built when the session opens; the watcher exists once it is.
  await deps.node.require();
  await Promise.all(deps.wallets.current().map((w) => deps.wallets.refresh(w.id)));
  await deps.wallets.whenIdle();
  // A reading sets off the rules' evaluation; a purchase it places is journaled before the round ends.
  await deps.rules.whenIdle();
  await session.scheduler.whenIdle();
  const fresh = deps.balance.snapshot !== null && !deps.balance.isOffline;
  return {
    balance: fresh ? deps.balance.view() : null,
    wallets: deps.wallets.list().wallets,
    openOrders: session.scheduler.trackedCount(),
  };
}
