import { describe, expect, it } from 'vitest';
import { readWalletCsv, walletCsv, type WalletImportContext } from '../../../src/core/rules/wallet-csv.ts';
import { parsePlan } from '../../../src/core/rules/wallet-plan.ts';
import { englishText } from '../../../src/shared/i18n/english-message.ts';
import type { WalletImport } from '../../../src/core/rules/wallet-csv.ts';

/** The problems as English text (the CLI words them in the chosen language). */
const inEnglish = (read: WalletImport) => (read.ok ? read : { ok: false, problems: read.problems.map((p) => ({ ...p, message: englishText(p.message) })) });
const planInEnglish = (read: ReturnType<typeof parsePlan>) => (read.ok ? read : { ok: false, message: englishText(read.message) });
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

const T0 = 1_760_000_000_000;
const address = (n: number): string => tronAddressFromSeed(`deposit-${n}`);

function context(over: Partial<WalletImportContext> = {}): WalletImportContext {
  let id = 0;
  return { profileId: 'p', now: T0, newId: () => `id-${++id}`, wallets: [], rules: [], ...over };
}

/** 1,000 deposit addresses: every tenth with a rule, labels with commas and quotes, a few plans of each kind. */
function thousandLines(): string {
  const lines = ['label,address,plan'];
  for (let n = 0; n < 1_000; n++) {
    const label = n % 7 === 0 ? `"Deposit ${n}, shop ""A"""` : `Deposit ${n}`;
    const plan = n % 10 === 0 ? `keep=2 topup=4 cap=${n + 1}.5${n % 20 === 0 ? ' buy=cheapest period=1day orders=6' : ''}` : n % 3 === 0 ? 'new transfers=5' : '';
    lines.push(`${label},${address(n)},${plan}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('wallets CSV (label, address, plan)', () => {
  it('reads 1,000 lines into wallets and rules, and writes them back as the same text', () => {
    const read = readWalletCsv(thousandLines(), context());
    if (!read.ok) throw new Error(JSON.stringify(read.problems.slice(0, 3)));
    expect(read.wallets).toHaveLength(1_000);
    expect(read.rules).toHaveLength(100);
    expect(read.wallets[7]).toMatchObject({ label: 'Deposit 7, shop "A"', address: address(7), plan: 'holder', topUpTransfers: 2 });
    expect(read.wallets[3]).toMatchObject({ plan: 'new', topUpTransfers: 5 });
    expect(read.rules[2]).toMatchObject({ name: 'Deposit 20', address: address(20), option: 'cheapest', period: '1day', dailyCapSun: '21500000', maxOrdersPerDay: 6 });
    expect(read.rules[1]).toMatchObject({ option: 'timed', period: '1h', dailyCapSun: '11500000', maxOrdersPerDay: 4, enabled: true });
    const written = walletCsv(read.wallets, read.rules);
    const again = readWalletCsv(written, context());
    if (!again.ok) throw new Error(JSON.stringify(again.problems.slice(0, 3)));
    expect(walletCsv(again.wallets, again.rules)).toBe(written);
    expect(again.wallets.map(({ id: _, ...w }) => w)).toEqual(read.wallets.map(({ id: _, ...w }) => w));
  });

  it('names every bad line with its number and takes nothing: a bad address, a duplicate, a bad plan', () => {
    const good = thousandLines().split('\r\n');
    good[101] = `Broken,TNotAnAddress,`;
    good[202] = `Again,${address(5)},`;
    good[303] = `Plan,${tronAddressFromSeed('x')},keep=2 cap=5`;
    good[404] = `Plan,${tronAddressFromSeed('y')},topup=2 keep=3 cap=5`;
    good[505] = `Plan,${tronAddressFromSeed('z')},fast`;
    const read = readWalletCsv(good.join('\r\n'), context());
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => p.line)).toEqual([102, 203, 304, 405, 506]);
    expect(englishText(read.problems[0]!.message)).toMatch(/^the address: Not a valid TRON address/);
    expect(englishText(read.problems[1]!.message)).toBe(`${address(5)} repeats line 7`);
    expect(englishText(read.problems[2]!.message)).toBe('the plan: a rule needs keep=, topup= and cap= (missing topup=)');
    expect(englishText(read.problems[3]!.message)).toMatch(/^the rule: Top up for at least the 3 transfers/);
    expect(englishText(read.problems[4]!.message)).toMatch(/^the plan: the plan word "fast" is not one of/);
  });

  it('counts lines as a text editor does when a quoted label holds a line break', () => {
    const text = `label,address,plan\n"Two\nlines",${address(1)},\nBad,T123,\n`;
    const read = inEnglish(readWalletCsv(text, context()));
    expect(read).toMatchObject({
      ok: false,
      problems: [
        { line: 2, message: expect.stringMatching(/^the label: .*\(U\+000A\)/) },
        { line: 4, message: expect.stringMatching(/^the address: /) },
      ],
    });
  });

  it('refuses an address already watched, a missing header, a wrong column count and broken quoting', () => {
    const watched = { id: 'w', profileId: 'p', address: address(1), label: 'Old', plan: 'holder' as const, exactRecipient: null, exactEnergy: null, topUpTransfers: 2 };
    expect(inEnglish(readWalletCsv(`label,address,plan\nNew,${address(1)},\n`, context({ wallets: [watched] })))).toEqual({
      ok: false,
      problems: [{ line: 2, message: `${address(1)} is already watched` }],
    });
    expect(inEnglish(readWalletCsv(`${address(1)},x,\n`, context()))).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(inEnglish(readWalletCsv(`label,address,plan\nA,${address(2)}\n`, context()))).toMatchObject({ ok: false, problems: [{ line: 2, message: expect.stringMatching(/2 columns/) }] });
    expect(inEnglish(readWalletCsv(`label,address,plan\n"A,${address(2)},\n`, context()))).toMatchObject({ ok: false, problems: [{ message: expect.stringMatching(/^not CSV/) }] });
  });

  it('reads a label a spreadsheet-safe export marked with a quote mark back without it', () => {
    const read = readWalletCsv(walletCsv([{ id: 'w', profileId: 'p', address: address(3), label: '=SUM(A1)', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2 }], []), context());
    expect(read).toMatchObject({ ok: true, wallets: [{ label: '=SUM(A1)' }] });
  });

  it('reads plans: empty is watched with the defaults, off keeps a rule that does not buy, exact names the recipient', () => {
    expect(parsePlan('')).toEqual({ ok: true, plan: { plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2, rule: null } });
    expect(parsePlan(' keep=1 topup=2 cap=3 buy=fast-recover off ')).toMatchObject({ ok: true, plan: { rule: { enabled: false, option: 'fast_recover', period: null } } });
    expect(parsePlan(`exact=${address(9)}:64285`)).toMatchObject({ ok: true, plan: { plan: 'exact', exactRecipient: address(9), exactEnergy: '64285' } });
    expect(parsePlan('off')).toMatchObject({ ok: false });
    expect(planInEnglish(parsePlan('keep=1 keep=2'))).toEqual({ ok: false, message: 'the plan gives keep= twice' });
  });
});
