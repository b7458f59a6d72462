import { describe, expect, it, vi } from 'vitest';
import { listHarness, rule, wallet } from '../../../support/list-store-harness.ts';

const A = 'profile-a';
const B = 'profile-b';
const UNREADABLE = { id: 'w-bad', profileId: A, address: 'not an address', label: 'Broken' };

/** A settings file of the version before this one: every profile's wallets and rules in it. */
const oldSettings = () => ({
  version: 3,
  wallets: [wallet(A, 1), wallet(B, 2), UNREADABLE, wallet(A, 3, 'Payroll, main')],
  rules: [rule(A, 1), rule(B, 2)],
});

const entries = (rows: Array<{ entry: string }>): unknown[] => rows.map((r) => JSON.parse(r.entry) as unknown);

describe("watched wallets and rules in the profile's order store (issue 25)", () => {
  it('moves the profile’s entries out of the settings file when it opens, nothing lost, in their order', async () => {
    const h = await listHarness(oldSettings());
    await h.start(A);
    expect(h.wallets.current()).toEqual([wallet(A, 1), wallet(A, 3, 'Payroll, main')]);
    expect(h.rules.current()).toEqual([rule(A, 1)]);
    expect(entries(h.journal().lists.wallets.load(A))).toEqual([wallet(A, 1), wallet(A, 3, 'Payroll, main')]);
    await vi.waitFor(() => expect(h.settingsJson().wallets).toEqual([wallet(B, 2), UNREADABLE]));
    // Another profile's entries, and the one this version cannot read, stay in the file as they were.
    expect(h.settingsJson().rules).toEqual([rule(B, 2)]);
    h.stop();
    await h.start(B);
    expect(h.wallets.current()).toEqual([wallet(B, 2)]);
    expect(h.rules.current()).toEqual([rule(B, 2)]);
    await vi.waitFor(() => expect(h.settingsJson()).toMatchObject({ wallets: [UNREADABLE], rules: [] }));
  });

  it('does nothing more when it runs again: a restart takes nothing twice', async () => {
    const h = await listHarness(oldSettings());
    await h.start(A);
    await vi.waitFor(() => expect(h.settingsJson().rules).toEqual([rule(B, 2)]));
    const before = h.journal().lists.wallets.load(A);
    h.stop();
    await h.start(A);
    expect(h.journal().lists.wallets.load(A)).toEqual(before);
    expect(h.wallets.current()).toEqual([wallet(A, 1), wallet(A, 3, 'Payroll, main')]);
  });

  it('never takes back an entry removed since, when the settings file kept a copy (its rewrite failed)', async () => {
    const h = await listHarness(oldSettings());
    const update = vi.spyOn(h.settings, 'update').mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await h.start(A);
    await vi.waitFor(() => expect(h.kept).toHaveLength(1));
    update.mockRestore();
    expect(h.settingsJson().wallets).toHaveLength(4);
    await h.wallets.change((ws) => ws.filter((w) => w.id !== 'w1'));
    h.stop();
    await h.start(A);
    expect(h.wallets.current().map((w) => w.id)).toEqual(['w3']);
    // The copy is removed this time.
    await vi.waitFor(() => expect(h.settingsJson().wallets).toEqual([wallet(B, 2), UNREADABLE]));
  });

  it('lists the file’s entries when they cannot be written yet, and writes them with the next change', async () => {
    const h = await listHarness(oldSettings());
    const failing = vi.spyOn((await import('../../../../src/core/orders/list-rows.ts')).ListRows.prototype, 'importOnce');
    failing.mockImplementationOnce(() => {
      throw Object.assign(new Error('database or disk is full'), { errcode: 13 });
    });
    await h.start(A);
    failing.mockRestore();
    expect(h.kept).toHaveLength(1);
    expect(h.wallets.current()).toEqual([wallet(A, 1), wallet(A, 3, 'Payroll, main')]);
    expect(h.settingsJson().wallets).toHaveLength(4);
    await h.wallets.change((ws) => ws.map((w) => (w.id === 'w1' ? { ...w, label: 'Renamed' } : w)));
    expect(entries(h.journal().lists.wallets.load(A))).toEqual([{ ...wallet(A, 1), label: 'Renamed' }, wallet(A, 3, 'Payroll, main')]);
    h.stop();
    await h.start(A);
    expect(h.wallets.current().map((w) => w.label)).toEqual(['Renamed', 'Payroll, main']);
    await vi.waitFor(() => expect(h.settingsJson().wallets).toEqual([wallet(B, 2), UNREADABLE]));
  });

  it('takes what an older version added to the settings file after a downgrade, at the next start', async () => {
    const h = await listHarness(oldSettings());
    await h.start(A);
    await vi.waitFor(() => expect(h.settingsJson().rules).toEqual([rule(B, 2)]));
    h.stop();
    // The older version reads only the file: it sees no wallet of A and adds one.
    await h.settings.update((s) => ({ ...s, wallets: [...s.wallets, wallet(A, 9)] }));
    await h.start(A);
    expect(h.wallets.current().map((w) => w.id)).toEqual(['w1', 'w3', 'w9']);
    await vi.waitFor(() => expect(h.settingsJson().wallets).toEqual([wallet(B, 2), UNREADABLE]));
  });

  it('keeps changes in the store, not the settings file, which no longer grows with wallets', async () => {
    const h = await listHarness(null);
    await h.start(A);
    await h.settings.update((s) => s);
    const bytes = h.settingsBytes();
    for (let n = 0; n < 200; n++) await h.wallets.change((ws) => [...ws, wallet(A, n)]);
    expect(h.settingsBytes()).toBe(bytes);
    h.stop();
    await h.start(A);
    expect(h.wallets.current()).toHaveLength(200);
    expect(h.wallets.current()[199]).toEqual(wallet(A, 199));
  });

  it('writes one row for one changed wallet, and keeps the order through removals and insertions', async () => {
    const h = await listHarness(null);
    await h.start(A);
    await h.wallets.change(() => Array.from({ length: 50 }, (_, n) => wallet(A, n)));
    const apply = vi.spyOn(h.journal().lists.wallets, 'apply');
    await h.wallets.change((ws) => ws.map((w) => (w.id === 'w20' ? { ...w, label: 'Renamed' } : w)));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![1].map((r) => r.id)).toEqual(['w20']);
    expect(apply.mock.calls[0]![2]).toEqual([]);
    await h.wallets.change((ws) => ws.filter((w) => w.id !== 'w7'));
    expect(apply.mock.calls[1]![1]).toEqual([]);
    expect(apply.mock.calls[1]![2]).toEqual(['w7']);
    await h.wallets.change((ws) => [...ws.slice(0, 10), wallet(A, 99), ...ws.slice(10)]);
    const expected = h.wallets.current().map((w) => w.id);
    h.stop();
    await h.start(A);
    expect(h.wallets.current().map((w) => w.id)).toEqual(expected);
    expect(h.wallets.current().find((w) => w.id === 'w20')?.label).toBe('Renamed');
  });

  it('refuses a change made by editing a stored entry in place, and keeps nothing of it', async () => {
    const h = await listHarness(null);
    await h.start(A);
    await h.wallets.change(() => [wallet(A, 1)]);
    await expect(
      h.wallets.change((ws) => {
        ws[0]!.label = 'Edited in place';
        return ws;
      }),
    ).rejects.toThrow(TypeError);
    expect(h.wallets.current()[0]?.label).toBe('Wallet 1');
  });

  it('counts a row it cannot read and leaves it stored', async () => {
    const h = await listHarness(null);
    await h.start(A);
    await h.wallets.change(() => [wallet(A, 1)]);
    h.journal().lists.wallets.apply(A, [{ id: 'w-bad', position: 5, entry: '{"id":"w-bad"' }], []);
    h.stop();
    await h.start(A);
    expect(h.dropped).toEqual([1]);
    await h.wallets.change((ws) => [...ws, wallet(A, 2)]);
    expect(h.journal().lists.wallets.load(A).map((r) => r.id)).toEqual(['w1', 'w2', 'w-bad']);
  });
});
