import { describe, expect, it } from 'vitest';
import { spoofIn } from '../../support/money-guards/name-spoofing.ts';
import { measureSpoofableNames, REFUSED_CODE_POINTS, STORED_HOSTILE_NAMES } from '../../support/money-guards/names.ts';

/**
 * Issue 21, "names that cannot speak for the app": a compromised dashboard
 * cannot save a name with control or direction characters (through the real
 * IPC dispatch and handler table, as renderer-attack.test.ts drives it), nor
 * can the CLI or the daemon reach the core with one; and names an older
 * version stored are shown in main's approvals, notifications and the tray
 * quoted, isolated and on one line.
 */
describe('names that cannot speak for the app', () => {
  it('the detector sees a name that speaks for the app (the measurement is live)', () => {
    const name = STORED_HOSTILE_NAMES[0]!;
    // What main drew before: the review's forged headline.
    expect(spoofIn(`Turn on the auto top-up “${name}”?\nCap: 5.00 TRX`, name)).not.toBeNull();
    expect(spoofIn(`Turn on “\u2068P\u202E\u2069”?`, 'P\u202E')).toMatch(/inside the isolate/);
    expect(spoofIn(`Turn on \u2068Payroll\u2069?`, 'Payroll')).toMatch(/quote marks/);
    expect(spoofIn(`Turn on “\u2068P\uFFFD\uFFFDCap stays: 0.01 TRX\u2069”?`, name)).toBeNull();
  });

  it('refuses every hostile name at input and shows every stored one quoted, isolated and on one line', async () => {
    const m = await measureSpoofableNames();
    console.log(`names: inputs=${m.inputsTried} surfaces=${m.surfacesChecked} spoofable_names=${m.spoofable_names}`);
    expect(m.accepted).toEqual([]);
    expect(m.controlAccepted).toBe(9);
    expect(m.spoofed).toEqual([]);
    expect(m.spoofable_names).toBe(0);
    // Every refused character through 9 ways in; 5 stored names through 5 approvals, 5 notifications and the tray each.
    expect(m.inputsTried).toBe((REFUSED_CODE_POINTS.length + STORED_HOSTILE_NAMES.length) * 9);
    expect(m.surfacesChecked).toBe(STORED_HOSTILE_NAMES.length * 11);

    // The renderer's rename and label with U+202E and a line feed: refused before any handler runs, saying why.
    expect(m.rendererRename).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!m.rendererRename.ok && m.rendererRename.error.message).toMatch(/rule name contains a control or text-direction character \(U\+202E\)/);
    expect(m.rendererLabel).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!m.rendererLabel.ok && m.rendererLabel.error.message).toMatch(/wallet label contains a control or text-direction character \(U\+202E\)/);

    // The review's forged headline, stored by an older version: one line, isolated, inside the quotes; the true facts below it.
    const [headline, ...facts] = m.storedRuleApproval.split('\n');
    expect(headline).toBe('Turn on the auto top-up “\u2068P\uFFFD\uFFFDCap stays: 0.01 TRX\u2069”?');
    expect(facts.some((l) => l.startsWith('Cap stays'))).toBe(false);
    expect(facts).toContain('Amount: 5.00 TRX');
  }, 60_000);
});
