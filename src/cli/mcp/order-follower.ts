import type { ServiceApi } from '../../core/api/types.ts';
import type { OrderJournal } from '../../core/orders/order-journal.ts';
import { isTerminal } from '../../core/orders/order-types.ts';
import { nominalGapMs } from '../../core/orders/poll-schedule.ts';
import { isPollable, queryOrder } from '../../core/orders/query-order.ts';
import { DEFAULT_STALL_AFTER_MS, isPastStallLimit, STALLED_MESSAGE } from '../../core/orders/status-policy.ts';

/**
 * Follows the orders this MCP server placed while it runs, with the app's
 * poll schedule (poll-schedule.ts): their state in the shared order store
 * moves on whether or not the app runs, so get_order shows it and "one
 * purchase per address under way" ends when the order does. It never marks
 * an order notified: the app tells the person, once, when it finishes (it
 * takes in other processes' orders and follows them itself). Stops at
 * succeeded, failed or stalled, and when the server stops.
 */
export class OrderFollower {
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  follow(api: ServiceApi, journal: OrderJournal, localId: string): void {
    const run = this.loop(api, journal, localId).catch(() => undefined);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.running]);
  }

  private async loop(api: ServiceApi, journal: OrderJournal, localId: string): Promise<void> {
    const { signal } = this.stopping;
    for (;;) {
      const order = journal.get(localId);
      if (!order || isTerminal(order.state) || order.state === 'stalled' || !isPollable(order)) return;
      if (!(await this.wait(nominalGapMs(Date.now() - order.createdAt), signal))) return;
      try {
        const verdict = await queryOrder(api, order, { signal });
        const stalled = verdict.state === 'running' && isPastStallLimit(order.createdAt, Date.now(), DEFAULT_STALL_AFTER_MS);
        await journal.recordPoll(localId, {
          state: stalled ? 'stalled' : verdict.state,
          serverStatus: verdict.serverStatus,
          txIds: verdict.txIds,
          chargedSun: verdict.chargedSun,
          ...(stalled ? { error: STALLED_MESSAGE } : {}),
        });
      } catch {
        if (signal.aborted) return;
        // A failed check (the network, the app moved it on already): the next one comes after the same gap.
      }
    }
  }

  private wait(ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const timer = setTimeout(() => resolve(true), ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true });
    });
  }
}
