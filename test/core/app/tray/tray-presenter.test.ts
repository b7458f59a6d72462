import { describe, expect, it } from 'vitest';
import { fakeDesktopApps, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

async function demo(): Promise<AppOnFakeDesktop> {
  const h = await startApp();
  await h.service.services.sessions.startDemo();
  return h;
}

describe('the tray as the app state shows it (TrayPresenter)', () => {
  it('feeds the tray: preset labels with fresh quotes and the demo tooltip', async () => {
    const h = await demo();
    await expect
      .poll(() => {
        const model = h.service.trayModel();
        const topUp = model.menu.find((i) => i.type === 'submenu' && i.label === 'Top up');
        return topUp && topUp.type === 'submenu' ? topUp.items.map((i) => (i.type === 'item' ? i.label : '')) : [];
      }, { timeout: 10_000 })
      .toEqual([
        '65,000 energy (1 hr) → TPEo…wtj  ≈ 3.25 TRX',
        '131,000 energy (1 hr) → TPEo…wtj  ≈ 6.55 TRX',
        '65,000 energy fast recover → TPEo…wtj  ≈ 3.90 TRX',
      ]);
    expect(h.service.trayModel().tooltip).toBe('Demo — no real funds\n500.00 TRX · 100.00 USDT');
  });

  it('redraws through the tray port, forgets a deleted preset and has no model items left for it', async () => {
    const h = await demo();
    const [first] = h.service.services.presets.list();
    const drawn = h.trayModels.length;
    await h.service.services.presets.delete(first!.id);
    expect(h.trayModels.length).toBeGreaterThan(drawn);
    const topUp = h.trayModels.at(-1)!.menu.find((i) => i.type === 'submenu' && i.label === 'Top up');
    expect(topUp && topUp.type === 'submenu' ? topUp.items.map((i) => (i.type === 'item' ? i.label : '')).join('\n') : '').not.toContain('65,000 energy (1 hr)');
  });

  it('shows the welcome menu and no balance before any account or demo', async () => {
    const h = await startApp();
    const model = h.service.trayModel();
    expect(model.icon).toBe('normal');
    expect(model.menu.some((i) => i.type === 'submenu' && i.label === 'Top up')).toBe(false);
  });
});
