import { appServiceWithHistory } from './app-fixture.ts';
import { ensureRendererBuild, RENDERER_OUT } from './renderer-build.ts';
import { report } from './report.ts';
import { measureWalletsView } from './wallets-view.ts';

/** Issue 25: the Wallets tab of a merchant's 10,000 watched addresses (a page of 50 cards), against 100 side by side. */
export default async function walletsViewBench(): Promise<void> {
  ensureRendererBuild();
  const app = await appServiceWithHistory(10, 0);
  try {
    const view = await measureWalletsView(app, RENDERER_OUT);
    report('wallets_view_open_ms_10k', view.openMs, '<= 150');
    report('wallets_view_open_ms_100', view.smallOpenMs);
    report('wallets_view_open_ratio_10k_to_100', view.openMs / view.smallOpenMs, '<= 2');
    report('wallets_view_dom_cards_10k', view.domCards, '<= 200');
  } finally {
    await app.close();
  }
}
