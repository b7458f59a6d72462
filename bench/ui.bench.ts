/**
 * Issue 6's UI figures: the renderer's gzipped JS and the cost of rebuilding
 * the tray model. Issue 13's and 23's, over an account with 10,000 orders of
 * history (the simulator in its own process): the dashboard's first render as
 * a ratio to a fixed plain React page loaded side by side, opening the Orders
 * tab, its DOM rows, and one pushed order update.
 */
import { buildTrayModel, trayModelKey } from '../src/core/app/tray/tray-model.ts';
import { appServiceWithHistory } from './app-fixture.ts';
import { measureFirstRender } from './first-render.ts';
import { measureOrdersView } from './orders-view.ts';
import { ensureRendererBuild, RENDERER_OUT, rendererJsGzipKiB } from './renderer-build.ts';
import { median, report } from './report.ts';
import { trayFixture } from './tray-fixture.ts';

const TRAY_WARM_UP = 500;
const TRAY_SAMPLES = 2_000;

/** What AppService.trayModel() and the tray glue do per rebuild: pick the active orders, build, key. */
function trayMenuBuildMs(): number {
  const { orders, input } = trayFixture(20, 50, 10);
  let keyLength = 0;
  const once = (): void => {
    const activeOrders = orders.filter((o) => o.state === 'submitting' || o.state === 'running');
    keyLength += trayModelKey(buildTrayModel({ ...input, activeOrders })).length;
  };
  for (let i = 0; i < TRAY_WARM_UP; i++) once();
  const samples: number[] = [];
  for (let i = 0; i < TRAY_SAMPLES; i++) {
    const started = performance.now();
    once();
    samples.push(performance.now() - started);
  }
  if (keyLength === 0) throw new Error('the tray model came out empty');
  return median(samples);
}

export default async function uiBench(): Promise<void> {
  ensureRendererBuild();
  report('renderer_js_gzip_kb', await rendererJsGzipKiB(), '<= 200');
  report('tray_menu_build_ms', trayMenuBuildMs(), '<= 2');
  const app = await appServiceWithHistory(10_000, 10);
  try {
    // An absolute time is not stable on a shared machine: the first render against a plain React page, side by side.
    const first = await measureFirstRender(app, RENDERER_OUT);
    report('dashboard_first_render_ratio', first.ratio, '<= 4');
    report('dashboard_first_render_ms_10k', first.dashboardMs);
    report('plain_react_page_first_render_ms', first.plainMs);
    const view = await measureOrdersView(app, RENDERER_OUT);
    report('orders_view_open_ms_10k', view.openMs, '<= 150');
    report('orders_view_dom_rows_10k', view.domRows, '<= 200');
    report('orders_view_update_ms_10k', view.updateMs, '<= 16');
  } finally {
    await app.close();
  }
}
