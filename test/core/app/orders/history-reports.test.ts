import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Fs from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { periodKey } from '../../../../src/core/base/calendar-period.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { fakeDesktopApps, listOrders } from '../../../support/fake-desktop.ts';
import { fillDisk, limitWrites, smallDisk } from '../../../support/small-disk.ts';
import { tempDir } from '../../../support/temp-dir.ts';

const control = vi.hoisted(() => ({ open: null as unknown as typeof Fs.open, real: null as unknown as typeof Fs.open }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  control.open = real.open;
  control.real = real.open;
  return { ...real, open: (...args: Parameters<typeof real.open>) => control.open(...args) };
});

const startApp = fakeDesktopApps();

/** A save dialog the test scripts: each call takes the next answer (a path, or null for Cancel). */
function scriptedDialog(answers: Array<string | null>) {
  const asked: string[] = [];
  return {
    asked,
    dialog: {
      chooseSaveFile: async (request: { defaultName: string }) => {
        asked.push(request.defaultName);
        return answers.shift() ?? null;
      },
    },
  };
}

describe('history totals and export (HistoryReports)', () => {
  it('totals the spend per day, week and month, exactly in SUN', async () => {
    const h = await startApp();
    await h.service.services.sessions.startDemo();
    const a = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    const b = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 131_000, period: '1h' });
    const orders = listOrders(h.service);
    const expected = orders.reduce((sum, o) => sum + BigInt(o.chargedSun ?? o.quotedSun ?? '0'), 0n);
    expect(expected).toBeGreaterThan(0n);
    for (const period of ['day', 'week', 'month'] as const) {
      expect(h.service.services.reports.totals({}, period)).toEqual([{ period: periodKey(a.createdAt, period), orders: 2, spentSun: expected.toString(), uncertainSun: '0' }]);
    }
    expect(h.service.services.reports.totals({ states: ['failed'] }, 'day')).toEqual([]);
    expect(b.localId).not.toBe(a.localId);
  });

  it('saves the filtered history as CSV where the main-drawn dialog says, and nothing when it is cancelled', async () => {
    const dir = tempDir('export');
    const path = join(dir, 'orders.csv');
    const script = scriptedDialog([null, path]);
    const h = await startApp({ saveDialog: script.dialog });
    await h.service.services.sessions.startDemo();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await h.service.services.commands.buyFastRecover({ resourceType: 'energy', address: DEMO_ADDRESS, count: 65_000 });

    expect(await h.service.services.reports.exportCsv({})).toEqual({ saved: false, fileName: null, rows: 0 });
    expect(await h.service.services.reports.exportCsv({ kinds: ['energy'] })).toEqual({ saved: true, fileName: 'orders.csv', rows: 1 });
    expect(script.asked[0]).toMatch(/^energy-tray-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('created_at,local_id,kind,state,address,resource,count,period,order_sn,order_id,quoted_sun,charged_sun,quoted_trx,charged_trx,tx_ids,server_status,error,finished_at,preset_id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${order.localId},energy,`);
    expect(lines[1]).toContain(`,${order.chargedSun},`);
  });

  it('writes an export whole or not at all: on a full disk the earlier file stays as it was and nothing is left beside it', async () => {
    const disk = smallDisk(16);
    try {
      const path = join(disk.dir, 'orders.csv');
      writeFileSync(path, 'the export of last month\n');
      const h = await startApp({ saveDialog: scriptedDialog([path]).dialog });
      await h.service.services.sessions.startDemo();
      for (let i = 0; i < 3; i++) await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000 + i, period: '1h' });
      // Where no tmpfs can be mounted, the files are limited through fs/promises (SQLite is elsewhere here).
      control.open = disk.kind === 'simulated' ? limitWrites(control.real, disk) : control.real;
      fillDisk(disk);
      const err = await h.service.services.reports.exportCsv({}).then(() => null, (e: unknown) => e);
      expect(toIpcError(err)).toMatchObject({ code: 'storage', message: expect.stringMatching(/could not be written to orders\.csv \(the disk is full\)/) });
      expect(readFileSync(path, 'utf8')).toBe('the export of last month\n');
      expect(readdirSync(disk.dir).filter((f) => f.startsWith('orders.csv'))).toEqual(['orders.csv']);
    } finally {
      control.open = control.real;
      disk.release();
    }
  });

  it('says in words when the chosen file cannot be written', async () => {
    const h = await startApp({ saveDialog: scriptedDialog([join(tmpdir(), 'no-such-folder-here', 'x', 'orders.csv')]).dialog });
    await h.service.services.sessions.startDemo();
    const err = await h.service.services.reports.exportCsv({}).then(() => null, (e: unknown) => e);
    expect(toIpcError(err)).toMatchObject({ code: 'storage', message: expect.stringMatching(/could not be written to orders\.csv/) });
  });
});
