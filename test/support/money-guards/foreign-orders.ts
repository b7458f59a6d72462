import type { AppServices } from '../../../src/core/app/app-wiring.ts';
import { dailyLimitStatus } from '../../../src/core/orders/paid-order.ts';
import type { TrayMenuItem } from '../../../src/core/app/tray/tray-model.ts';
import { startSimulator } from '../../../src/core/simulator/index.ts';
import type { OrderView } from '../../../src/shared/views.ts';
import { ADDRESS, runCli, type CliRun } from '../../cli/run-cli.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../fake-desktop.ts';

/**
 * Issue 21 item 4: an app session runs (the real AppService with its store
 * in a temp profile folder, on the real clock) while the CLI, a child process
 * against the simulator, places orders on the same profile. Measured: from
 * the CLI's write of an order to the app showing it in the order list (its
 * push), the tray and today's spend; then who notifies when it finishes.
 */

const USER = { apiKey: 'foreign-orders-key-1', secret: 'foreign-orders-secret-1', trxSun: 10_000_000_000n, usdtMicros: 0n };
/** Long enough that the CLI leaves the order running and the app follows it to the end. */
const ORDER_RUNS_MS = 4_000;

export interface ForeignOrderRun {
  cli: CliRun;
  order: OrderView | null;
  /** From the CLI's write of the order to the app showing it in all three places, in seconds. */
  seenS: number;
  /** The app's native notifications for it, 2 s after it finished (or after it was seen, for one that never runs). */
  appNotifications: number;
}

export interface ForeignOrdersResult {
  /** A timed order the CLI left running: the app shows it, follows it and notifies once. */
  running: ForeignOrderRun;
  /** An order the service refused: the CLI printed the refusal (marked notified); the app shows it and stays silent. */
  refused: ForeignOrderRun;
  /** The larger of the two, rounded up to 0.1 s. */
  seenS: number;
}

function trayOrderIds(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'submenu') return trayOrderIds(item.items);
    return item.type === 'item' && item.action?.kind === 'openOrder' ? [item.action.localId] : [];
  });
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the app shows the CLI's order (pushed, in the tray while under way, in today's spend); its view and when. */
async function seen(
  h: AppOnFakeDesktop,
  services: AppServices,
  serial: (o: OrderView) => boolean,
  spentBefore: bigint,
): Promise<{ order: OrderView; at: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pushed = h.events.filter((e) => e.event === 'app:order-updated').map((e) => e.payload as OrderView).find(serial);
    const session = services.sessions.current();
    if (pushed && session) {
      const underWay = pushed.state === 'running' || pushed.state === 'submitting';
      const inTray = !underWay || trayOrderIds(h.trayModels.at(-1)?.menu ?? []).includes(pushed.localId);
      const free = BigInt(pushed.quotedSun ?? '0') === 0n || pushed.state === 'failed';
      const counted = free || dailyLimitStatus({ journal: session.journal, limit: services.limit }).spentSun > spentBefore;
      if (inTray && counted) return { order: pushed, at: Date.now() };
    }
    if (Date.now() > deadline) throw new Error('the app never showed the order the CLI placed');
    await delay(20);
  }
}

export async function foreignOrdersScenario(): Promise<ForeignOrdersResult> {
  const sim = await startSimulator({ users: [USER], timing: { timedOrderMs: ORDER_RUNS_MS } });
  let services: AppServices | undefined;
  const h = await startAppOnFakeDesktop({ onWired: (wired) => (services = wired) });
  try {
    await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    const state = await h.service.services.state.view();
    const profile = state.profiles.find((p) => p.id === state.activeProfileId)?.name ?? '';
    const env = { ENERGY_TRAY_USER_DATA: h.userDataDir, ENERGY_TRAY_API_KEY: USER.apiKey, ENERGY_TRAY_API_SECRET: USER.secret };
    const buy = (count: number): Promise<CliRun> =>
      runCli(['buy-energy', ADDRESS, '--count', String(count), '--period', '1h', '--yes', '--json', '--profile', profile], { env });
    const wired = services as AppServices;
    const spent = (): bigint => dailyLimitStatus({ journal: wired.sessions.current()!.journal, limit: wired.limit }).spentSun;

    const runningBefore = spent();
    const runningCli = await buy(65_000);
    const { order_sn: serialText } = JSON.parse(runningCli.stdout || '{}') as { order_sn?: string };
    const running = await seen(h, wired, (o) => o.orderSn !== null && o.orderSn === serialText, runningBefore);
    const notified = (localId: string): number => h.notifications.filter((n) => n.localId === localId).length;
    const finishBy = Date.now() + ORDER_RUNS_MS + 15_000;
    while (notified(running.order.localId) === 0 && Date.now() < finishBy) await delay(50);
    await delay(2_000);

    sim.faults.inject('/buy_energy', { kind: 'status', status: 403 });
    const refusedCli = await buy(66_000);
    const refused = await seen(h, wired, (o) => o.count === 66_000, spent());
    await delay(2_000);

    const run = (cli: CliRun, s: { order: OrderView; at: number }): ForeignOrderRun => ({
      cli,
      order: s.order,
      seenS: (s.at - s.order.updatedAt) / 1000,
      appNotifications: notified(s.order.localId),
    });
    const result = { running: run(runningCli, running), refused: run(refusedCli, refused) };
    return { ...result, seenS: Math.ceil(Math.max(result.running.seenS, result.refused.seenS) * 10) / 10 };
  } finally {
    await h.service.stop();
    await sim.close();
  }
}
