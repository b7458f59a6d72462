import { beforeEach, describe, expect, it } from 'vitest';
import { paidOrderReply } from '../../src/cli/paid.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const FOLLOW = /^Follow the order until it finishes: npm run -s cli -- (watch (\S+))$/m;

describe('after a buy, how to follow the order', () => {
  it('buy-energy ends with `watch EN…` for its order serial, and that line, run as it is, follows the order to the end', async () => {
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65k', '--period', '1h', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    const [, command = '', orderSn = ''] = FOLLOW.exec(run.stdout) ?? [];
    expect(orderSn).toMatch(/^EN\d+$/);
    // The last line, under the receipt that names the same order.
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`Follow the order until it finishes: npm run -s cli -- watch ${orderSn}`);
    expect(run.stdout).toMatch(new RegExp(`^Order\\s+${orderSn}$`, 'm'));
    const watched = await fx.cli([...command.split(' '), '--interval-ms', '50']);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stdout).toMatch(new RegExp(`^Order\\s+${orderSn}$`, 'm'));
  });

  it('buy-net and fast-topup: the serial, and the top-up’s order id, which watch takes', async () => {
    const net = await fx.cli(['buy-net', ADDRESS, '--count', '1000', '--period', '1day', '--yes']);
    expect(net.code, net.stderr).toBe(0);
    expect(FOLLOW.exec(net.stdout)?.[2]).toMatch(/^NET\d+$/);
    const fast = await fx.cli(['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40k', '--yes']);
    expect(fast.code, fast.stderr).toBe(0);
    const id = FOLLOW.exec(fast.stdout)?.[2] ?? '';
    expect(id).toMatch(/^\d+$/);
    expect(fast.stdout).toMatch(new RegExp(`^Top-up order\\s+${id}$`, 'm'));
    const watched = await fx.cli(['watch', id, '--interval-ms', '50']);
    expect(watched.code, watched.stderr).toBe(0);
  });

  it('--json stays the service’s data alone; activate and a dry run have nothing to follow', async () => {
    const json = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ order_sn: expect.stringMatching(/^EN/) });
    expect(json.stdout).not.toContain('watch');
    const activate = await fx.cli(['activate', ADDRESS, '--yes']);
    expect(activate.stdout).not.toContain('Follow');
    const dry = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--dry-run']);
    expect(dry.stdout).not.toContain('Follow');
  });

  it('in zh-CN and ru', async () => {
    const ru = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--lang', 'ru']);
    expect(ru.stdout).toMatch(/^Следить за заказом до завершения: npm run -s cli -- watch EN\d+$/m);
    const zh = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--lang', 'zh-CN']);
    expect(zh.stdout).toMatch(/^跟踪订单直到完成：npm run -s cli -- watch EN\d+$/m);
  });
});

describe('paidOrderReply', () => {
  const receipt = (orderSn: unknown) => ({ data: { orderSn }, raw: { order_sn: orderSn } });
  const render = (data: { orderSn: unknown }): string => `Order ${String(data.orderSn)}`;

  it('offers only an identifier watch accepts: a serial from the server that is not one earns no command line', () => {
    const reply = paidOrderReply(render, (d: { orderSn: unknown }) => (typeof d.orderSn === 'string' || typeof d.orderSn === 'number' ? d.orderSn : null));
    expect(reply(receipt('EN17000000000000001')).text).toMatch(/watch EN17000000000000001$/);
    expect(reply(receipt(100001)).text).toMatch(/watch 100001$/);
    for (const hostile of ['EN1; rm -rf ~', 'EN1\nFollow', '', 'EN-1', null]) {
      const result = reply(receipt(hostile));
      expect(result.text).toBe(`Order ${String(hostile)}`);
      expect(result.json).toEqual({ order_sn: hostile });
    }
  });
});
