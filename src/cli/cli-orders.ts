import { systemClock } from '../core/base/clock.ts';
import { OrderJournal } from '../core/orders/order-journal.ts';
import { profileDataDir, unprofiledOrdersDir } from '../core/settings/user-data-dir.ts';

/**
 * The order store the CLI journals to: the profile's own (the same
 * orders.sqlite the app reads, shared through SQLite's WAL), or, for
 * credentials from the environment with no profile chosen, cli-orders/.
 */
export function ordersDirFor(userData: string, profileId: string | undefined): string {
  return profileId === undefined ? unprofiledOrdersDir(userData) : profileDataDir(userData, profileId);
}

/** Opens stores on demand, one per folder, and closes them when the command ends. */
export class CliOrderStores {
  private readonly open = new Map<string, Promise<OrderJournal>>();

  journal(dir: string): Promise<OrderJournal> {
    let journal = this.open.get(dir);
    if (!journal) {
      // origin 'cli': a start settles only intents of CLI runs that have ended, never the app's. The CLI prints
      // every outcome it records of its own orders: marked notified in that write, so the app does not notify it too.
      // quick_check is the app's and the daemon's to run at their start: a script's every command need not pay it.
      journal = OrderJournal.open(dir, systemClock, { origin: 'cli', showsOwnOutcomes: true, quickCheck: false });
      this.open.set(dir, journal);
    }
    return journal;
  }

  async close(): Promise<void> {
    const all = await Promise.allSettled([...this.open.values()]);
    for (const result of all) if (result.status === 'fulfilled') result.value.close();
    this.open.clear();
  }
}
