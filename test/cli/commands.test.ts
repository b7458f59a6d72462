import { beforeEach, describe, expect, it } from 'vitest';
import { formatTrx } from '../../src/core/base/money.ts';
import { trxToSun } from '../../src/core/base/money.ts';
import { ACTIVATION_FEE_SUN, quoteFastRecover, quoteTimed, SMART_PRICE } from '../../src/core/simulator/index.ts';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const trx = (): bigint => fx.sim.balanceOf(fx.user.apiKey).trxSun;

function json(run: { code: number | null; stdout: string; stderr: string }): unknown {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  // Exactly one JSON value on stdout.
  return JSON.parse(run.stdout);
}

describe('every command end to end against the simulator', () => {
  it('help lists every command and exits 0', async () => {
    for (const args of [['help'], ['--help']]) {
      const run = await fx.cli(args);
      expect(run.code).toBe(0);
      for (const c of COMMANDS) expect(run.stdout).toContain(`  ${c.name}`);
    }
  });

  it('balance: the balances from SUN, and --json is the data object as sent', async () => {
    const data = json(await fx.cli(['balance', '--json'])) as { balance_trx: string; balance_usdt: string };
    expect(trxToSun(data.balance_trx)).toBe(trx());
    expect(trxToSun(data.balance_usdt)).toBe(fx.sim.balanceOf(fx.user.apiKey).usdtMicros);
    const text = await fx.cli(['balance']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(formatTrx(trx()));
    expect(text.stdout).toContain('100.00 USDT');
  });

  it('activate: charges the activation fee once and shows the order id', async () => {
    const before = trx();
    const data = json(await fx.cli(['activate', ADDRESS, '--json'])) as { order_id: number; tx_id: string };
    expect(Number.isInteger(data.order_id)).toBe(true);
    expect(data.tx_id).toBe('');
    expect(trx()).toBe(before - ACTIVATION_FEE_SUN);
    const text = await fx.cli(['activate', ADDRESS]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Activation order\s+\d+/);
  });

  it('price: 65,000 energy for 1 hr costs 3.25 TRX', async () => {
    const quote = quoteTimed('energy', 65_000, '1h')!;
    const data = json(await fx.cli(['price', '--type', 'energy', '--count', '65000', '--period', '1h', '--json'])) as Record<string, unknown>;
    expect(data).toEqual({ price: 50, amount: '3.2500', fee: '0.0000', remark: quote.remark });
    expect(trxToSun(data['amount'] as string)).toBe(3_250_000n);
    const text = await fx.cli(['price', '--type', 'net', '--count', '500', '--period', '1day']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(formatTrx(quoteTimed('net', 500, '1day')!.amountSun));
    expect(text.stdout).toContain('1000 SUN');
  });

  it('buy-energy and buy-net: one request each, the balance drops by exactly the quote', async () => {
    let before = trx();
    const sent = fx.sim.requestCount('/buy_energy');
    const energy = json(await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--json'])) as Record<string, unknown>;
    expect(energy['order_sn']).toMatch(/^EN\d+$/);
    expect(energy['amount']).toBe(3.25);
    expect(trx()).toBe(before - 3_250_000n);
    expect(fx.sim.requestCount('/buy_energy')).toBe(sent + 1);

    before = trx();
    const quote = quoteTimed('net', 1_000, '1day')!;
    const text = await fx.cli(['buy-net', ADDRESS, '--count', '1000', '--period', '1day']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Order\s+NET\d+/);
    expect(text.stdout).toContain(formatTrx(quote.amountSun));
    expect(trx()).toBe(before - quote.amountSun);
  });

  it('order, watch and reclaim of a timed order', async () => {
    const bought = json(await fx.cli(['buy-energy', ADDRESS, '--count', '120000', '--period', '1day', '--json'])) as { order_sn: string };
    const sn = bought.order_sn;
    const watched = json(await fx.cli(['watch', sn, '--interval-ms', '50', '--json'])) as {
      order_sn: string;
      status: string;
      orders: Array<{ count: number; tx_id: string }>;
    };
    expect(watched.order_sn).toBe(sn);
    expect(watched.status).toBe('success');
    // 120,000 is split over two pool accounts by the simulator.
    expect(watched.orders.map((o) => o.count).reduce((a, b) => a + b, 0)).toBe(120_000);

    const text = await fx.cli(['order', sn]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Status\s+success/);
    for (const o of watched.orders) expect(text.stdout).toContain(o.tx_id);

    const reclaimed = await fx.cli(['reclaim', sn, ADDRESS, '--json']);
    expect(json(reclaimed)).toBeNull();
    const after = json(await fx.cli(['order', sn, '--json'])) as { status: string };
    expect(after.status).toMatch(/^reclaim/);
    const again = await fx.cli(['reclaim', sn, ADDRESS]);
    // Already reclaimed: the simulator has nothing left to reclaim.
    expect(again.code).toBe(5);
  });

  it('fast-price, fast-topup, fast-order', async () => {
    const quote = quoteFastRecover('energy', 40_000);
    const price = json(await fx.cli(['fast-price', '--resource', 'energy', '--count', '40000', '--json'])) as Record<string, unknown>;
    expect(trxToSun(price['amount'] as string)).toBe(quote.amountSun);
    expect(price['price']).toBe(Number(quote.unitPriceSun));

    const before = trx();
    const receipt = json(await fx.cli(['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40000', '--json'])) as { order_id: number };
    expect(trx()).toBe(before - quote.amountSun);
    const order = json(await fx.cli(['fast-order', String(receipt.order_id), '--json'])) as Record<string, unknown>;
    expect(order).toMatchObject({ order_id: receipt.order_id, address: ADDRESS, energy_count: 40_000, resource_type: 'energy' });

    const text = await fx.cli(['fast-topup', ADDRESS, '--resource', 'net', '--count', '300']);
    expect(text.code).toBe(0);
    const id = /Top-up order\s+(\d+)/.exec(text.stdout)?.[1];
    expect(id).toBeDefined();
    const shown = await fx.cli(['fast-order', id ?? '']);
    expect(shown.stdout).toMatch(/Resource\s+net/);
    expect(shown.stdout).toContain(formatTrx(quoteFastRecover('net', 300).amountSun));
  });

  it('smart-price: keys as sent, prices formatted from SUN', async () => {
    const data = json(await fx.cli(['smart-price', '--json'])) as Record<string, unknown>;
    expect(trxToSun(data['65K_price'] as string)).toBe(SMART_PRICE.price65kSun);
    expect(trxToSun(data['131K_price'] as string)).toBe(SMART_PRICE.price131kSun);
    expect(data['high_frequency']).toMatchObject({ '65k_price': expect.any(String) });
    const text = await fx.cli(['smart-price']);
    expect(text.stdout).toContain(formatTrx(SMART_PRICE.price65kSun));
    expect(text.stdout).toContain(formatTrx(SMART_PRICE.guangsu.depositAmountSun));
  });

  it('status with env credentials and nothing saved says so, without the key', async () => {
    const data = json(await fx.cli(['status', '--json'])) as Record<string, unknown>;
    expect(data).toMatchObject({ profile: null, envCredentials: true, secretStored: false });
  });

  it('--timeout and --base-url override the environment', async () => {
    const run = await fx.cli(['balance', '--base-url', fx.sim.baseUrl, '--timeout', '5000'], { ENERGY_TRAY_BASE_URL: 'http://127.0.0.1:9/v2' });
    expect(run.code).toBe(0);
  });
});
