import { describe, expect, it } from 'vitest';
import { presetIntent, quotePreset } from '../../../src/core/presets/preset-order.ts';
import { defaultPresets } from '../../../src/core/presets/preset.ts';
import { createFakeApi, reply } from '../../support/fake-service-api.ts';
import { VALID_ADDRESS as ADDRESS } from '../../support/addresses.ts';

let n = 0;
const [timed, , fast] = defaultPresets(ADDRESS, () => `p${++n}`);
const price = (amountSun: bigint) => reply({ unitPriceSun: 50n, amountSun, feeSun: 0n, remark: '' });

describe('a preset as a quote and an order (preset-order.ts)', () => {
  it('quotes a timed preset with its period and a fast-recover one without', async () => {
    const fake = createFakeApi({ queryPrice: () => price(3_250_000n), queryFastRecoverPrice: () => price(3_900_000n) });
    expect(await quotePreset(fake.api, timed!)).toBe(3_250_000n);
    expect(await quotePreset(fake.api, fast!)).toBe(3_900_000n);
    expect(fake.calls.map((c) => [c.method, c.args.slice(0, 2)])).toEqual([
      ['queryPrice', [{ type: 'energy', count: 65_000, period: '1h' }]],
      ['queryFastRecoverPrice', ['energy', 65_000]],
    ]);
  });

  it('places the order it quoted, carrying the quote and the preset', () => {
    expect(presetIntent(timed!, 'profile-1', 3_250_000n)).toEqual({
      kind: 'energy',
      profileId: 'profile-1',
      address: ADDRESS,
      resource: 'energy',
      count: 65_000,
      period: '1h',
      quotedSun: 3_250_000n,
      presetId: timed!.id,
    });
    expect(presetIntent({ ...timed!, resource: 'net', count: 1_000 }, 'p', 1n)).toMatchObject({ kind: 'net', resource: 'net', count: 1_000 });
    expect(presetIntent(fast!, 'profile-1', 3_900_000n)).toEqual({
      kind: 'fast_recover',
      profileId: 'profile-1',
      address: ADDRESS,
      resource: 'energy',
      count: 65_000,
      quotedSun: 3_900_000n,
      presetId: fast!.id,
    });
  });
});
