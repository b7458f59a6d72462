import { describe, expect, it } from 'vitest';
import type { Tray, WebContents } from 'electron';
import {
  FakeBrowserWindow,
  FakeTray,
  fakeElectron,
  resetElectronState,
  electronState,
  type Fake,
  type FakeModule,
} from '../support/fake-electron.ts';

/**
 * The fake Electron is typed by Electron's own definitions: these lines are
 * checked by `npm run typecheck` (test/ is in tsconfig.node.json). Each
 * `@ts-expect-error` names an API Electron does not have; if such a name
 * ever type-checked, the directive would be unused and the typecheck would fail.
 */
describe('the fake Electron follows Electron’s types', () => {
  it('a fake may only name members Electron has, with Electron’s signatures', () => {
    // @ts-expect-error Tray has setToolTip, not setTooltip: a fake of a renamed API does not type-check
    type Renamed = Fake<Tray, 'setTooltip'>;
    // @ts-expect-error WebContents has no openDevToolsWindow: a fake of a missing API does not type-check
    type Missing = Fake<WebContents, 'openDevToolsWindow'>;
    // @ts-expect-error Electron's setToolTip takes a string: a fake that took a number does not type-check
    const wrongSignature: Fake<Tray, 'setToolTip'> = { setToolTip: (_text: number) => undefined };
    // @ts-expect-error 'electron' exports Tray, not SystemTray: the fake module cannot hold a name it does not export
    const unknownExport = { SystemTray: FakeTray } satisfies FakeModule;
    const names: Array<keyof Renamed | keyof Missing> = [];
    expect([names, wrongSignature, unknownExport]).toHaveLength(3);
  });

  it('the fakes record what the glue did to them, so tests check outcomes', async () => {
    resetElectronState();
    const tray = new fakeElectron.Tray('/res/tray.png');
    tray.setToolTip('Energy Tray — 5 TRX');
    tray.setContextMenu(fakeElectron.Menu.buildFromTemplate([{ label: 'Quit' }]) as never);
    expect(electronState.trays).toEqual([tray]);
    expect(tray.tooltip).toBe('Energy Tray — 5 TRX');
    expect(tray.menus).toEqual([{ template: [{ label: 'Quit' }] }]);
    const win = new FakeBrowserWindow({ show: false });
    await win.loadURL('app://bundle/index.html');
    win.show();
    expect([win.isVisible(), win.loadedUrl]).toEqual([true, 'app://bundle/index.html']);
    win.hide();
    expect(win.isVisible()).toBe(false);
  });
});
