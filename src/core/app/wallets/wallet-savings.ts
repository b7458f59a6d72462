// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import type { SavingsView } from '../../../shared/views.ts';
import type { Clock } from '../../base/clock.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import { monthSavings, startOfMonth } from '../../wallets/month-savings.ts';
import { energyBurnSun } from '../../wallets/need-estimate.ts';
import { energyOfOrder, followEnergyArrivals } from '../../wallets/order-energy.ts';
import type { NodeConnection } from '../session/node-connection.ts';
import type { EventSink } from '../ports.ts';
import type { Session } from '../session/session.ts';
import type { AppLog, SessionManager } from '../session/session-manager.ts';
import type { WalletService } from './wallet-service.ts';
import { toSavingsView } from './wallet-views.ts';

export interface WalletSavingsDeps {
  clock: Clock;
  sessions: SessionManager;
  node: NodeConnection;
  wallets: WalletService;
  events: EventSink;
  log: AppLog;
}

/**
 * "Saved vs burned": when an energy order succeeds (for any address, watched
 * or not), the TRX the same energy would have burned at the chain's energy
 * fee then is recorded on its journal record; the Overview shows this
 * month's sum against what the orders cost, exact in SUN.
 */
export class WalletSavings {
  private readonly deps: WalletSavingsDeps;

  constructor(deps: WalletSavingsDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session, live }) => {
      followEnergyArrivals(session.scheduler.events, (order) => void this.record(session, live, order));
    });
  }

  view(): SavingsView {
    const session = this.deps.sessions.current();
    const now = this.deps.clock.now();
    // This month's succeeded orders by query (order-history.ts), never the whole history.
    return toSavingsView(monthSavings(session?.journal.history.succeededFiguresSince(startOfMonth(now)) ?? [], now));
  }

  private async record(session: Session, live: () => boolean, order: TrackedOrder): Promise<void> {
    const energy = energyOfOrder(order);
    if (energy === null || (order.wouldBurnSun ?? null) !== null) return;
    try {
      const chain = await this.deps.node.require();
      if (!live()) return;
      const fees = await this.deps.wallets.fees.get(chain);
      await session.journal.recordWouldBurn(order.localId, energyBurnSun(energy, fees.energyFeeSun));
    } catch (err) {
      // The order stays out of the sum (counted as "uncounted"): a later fee would not be the fee of its time.
      this.deps.log.warn({ err, localId: order.localId }, 'could not record what the energy would have burned');
      return;
    }
    if (live()) this.deps.events.emit('app:savings', this.view());
  }
}
