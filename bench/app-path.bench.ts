/**
 * Issue 13: what one event costs the app with 10,000 orders of history,
 * through its real services (app-wiring.ts) in account mode: an order update
 * as the scheduler emits it (the order's view with its reclaim lookup, the
 * push to the dashboard, the tray model rebuilt and keyed as the glue does),
 * a balance update, and building the tray model. 10 orders are in flight and
 * 20 presets shown; the scheduler is paused so that only the measured work runs.
 */
import { trayModelKey } from '../src/core/app/tray/tray-model.ts';
import type { TrackedOrder } from '../src/core/orders/order-types.ts';
import { appWithHistory } from './app-fixture.ts';
import { median, report } from './report.ts';

const WARM_UP = 200;
const SAMPLES = 2_000;

function timeEach(work: (i: number) => void): number {
  for (let i = 0; i < WARM_UP; i++) work(i);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    work(i);
    times.push(performance.now() - started);
  }
  return median(times);
}

export default async function appPathBench(): Promise<void> {
  const app = await appWithHistory(10_000, 10, 20);
  try {
    const session = app.services.sessions.current();
    if (!session) throw new Error('no session');
    session.scheduler.pause('bench');
    const running: TrackedOrder[] = session.journal.active();
    if (running.length !== 10) throw new Error(`${running.length} orders in flight, 10 expected`);
    const events = session.scheduler.events;
    const pushedBefore = app.pushed.count;
    const update = timeEach((i) => events.emit('orderUpdated', running[i % running.length]!));
    if (app.pushed.count - pushedBefore !== WARM_UP + SAMPLES) throw new Error('the order updates did not reach the dashboard');
    const balance = timeEach((i) => events.emit('balance', { trxSun: 1_000_000_000n + BigInt(i), usdtMicros: 0n, at: Date.now() }));
    let keyLength = 0;
    const tray = timeEach(() => {
      keyLength += trayModelKey(app.services.tray.model()).length;
    });
    if (keyLength === 0) throw new Error('the tray model came out empty');
    report('app_update_ms_10k', update, '<= 0.5');
    report('app_balance_update_ms_10k', balance);
    report('tray_model_ms_10k', tray, '<= 1');
  } finally {
    await app.close();
  }
}
