import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dialog } from 'electron';
import { fakeElectron, FakeBrowserWindow, type Fake } from '../support/fake-electron.ts';
import { paidOrderApproval } from '../../src/core/app/approvals/approval-requests.ts';
import { VALID_ADDRESS as ADDRESS } from '../support/addresses.ts';

const shown: Array<{ parent: unknown; options: Record<string, unknown> }> = [];
let answer = 1;
const dialog: Fake<Dialog, 'showMessageBox'> = {
  showMessageBox: async (...args: unknown[]) => {
    const [parent, options] = args.length === 2 ? args : [undefined, args[0]];
    shown.push({ parent, options: options as Record<string, unknown> });
    return { response: answer, checkboxChecked: false };
  },
};
vi.mock('electron', () => ({ ...fakeElectron, dialog }));
const { DialogApproval, approvalDialogOptions } = await import('../../src/main/approval-dialog.ts');

const request = paidOrderApproval({
  intent: { kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: 65_000, period: '1h' },
  costSun: 3_250_000n,
  host: 'api.example.com',
  demo: false,
  limit: null,
});

describe('the native approval dialog (electron mocked)', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it('is modal to the dashboard, says what, where, how much and to whom, and defaults to Cancel', async () => {
    const win = new FakeBrowserWindow();
    win.show();
    answer = 0;
    expect(await new DialogApproval(() => win as never).confirm(request)).toBe(true);
    expect(shown[0]?.parent).toBe(win);
    expect(shown[0]?.options).toMatchObject({ message: 'Buy 65,000 energy for 1 hr?', buttons: ['Buy for 3.25 TRX', 'Cancel'], defaultId: 1, cancelId: 1 });
    expect(String(shown[0]?.options['detail'])).toContain(`Address: ${ADDRESS}`);
    expect(approvalDialogOptions(request).detail).toContain('Service: api.example.com');
  });

  it('answers no for Cancel or Escape, and still asks with no window shown', async () => {
    answer = 1;
    expect(await new DialogApproval(() => undefined).confirm(request)).toBe(false);
    const hidden = new FakeBrowserWindow();
    expect(await new DialogApproval(() => hidden as never).confirm(request)).toBe(false);
    expect(shown.map((s) => s.parent)).toEqual([undefined, undefined]);
  });
});

describe('the approval dialog in the app’s language', () => {
  it('ru and zh-CN: the dialog’s own words translated; Cancel stays the default', () => {
    const ru = approvalDialogOptions(request, 'ru');
    expect(ru.title).toBe('Energy Tray — подтвердить?');
    expect(ru.buttons?.[1]).toBe('Отмена');
    expect(ru.defaultId).toBe(1);
    expect(String(ru.detail)).toContain(`Адрес: ${ADDRESS}`);
    expect(String(ru.detail).replace(/[\u00a0\u202f]/g, ' ')).toContain('Стоимость: 3,25 TRX');
    const zh = approvalDialogOptions(request, 'zh-CN');
    expect(zh.buttons?.[1]).toBe('取消');
    expect(String(zh.detail)).toContain('服务：api.example.com');
  });
});
