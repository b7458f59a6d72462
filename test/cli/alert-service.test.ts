import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLog } from '../../src/core/app/app-service.ts';
import type { AppServices } from '../../src/core/app/app-wiring.ts';
import { SecretRegistry } from '../../src/core/base/secret-registry.ts';
import type { NodeRequestEvent } from '../../src/core/chain/node-transport.ts';
import { AlertService } from '../../src/cli/daemon/alerts/alert-service.ts';
import type { AlertSettings } from '../../src/cli/daemon/alerts/alert-settings.ts';
import { alertWords } from '../../src/cli/daemon/alerts/alert-words.ts';

/**
 * The alert episodes the daemon scenario (daemon-ops.test.ts) cannot reach
 * in a few seconds: the TRON node down for longer than down_minutes, 80 % of
 * the daily limit across midnight, and the node's request budget. The core
 * is stood in for by the few readings AlertService takes from it; time is
 * vitest's fake clock.
 */
const silent: AppLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as AppLog;
const settings = (nodeDailyBudget: number | null = null): AlertSettings => ({ channels: [], downMinutes: 1, perMinute: 10, nodeDailyBudget });

function fakeCore(spend: () => { spentSun: bigint; limitSun: bigint }): AppServices {
  const session = {};
  return {
    sessions: { events: { on: () => undefined }, current: () => session },
    balance: { healthView: () => ({ status: 'ok', since: null }) },
    // The real DailyLimit's shape: the limit now, the clock, and where today's spend is read.
    limit: { sun: () => spend().limitSun, now: () => Date.now(), ledger: { spentSince: () => spend().spentSun } },
    settings: { lowBalanceThresholdSun: () => 0n },
    rules: { onDecided: () => undefined },
  } as unknown as AppServices;
}

const answered = (status: number | undefined): NodeRequestEvent => ({ endpoint: 'getaccount', attempt: 1, ms: 5, ...(status === undefined ? {} : { status }) });

describe('alert episodes over time', () => {
  let alerts: AlertService;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 23, 50) });
  });
  afterEach(async () => {
    await alerts.close();
    vi.useRealTimers();
  });
  const told = (): string[] => alerts.told.map((m) => `${m.event}:${m.state}`);

  it('the node unreachable: one alert once it has been down for down_minutes, one when it answers again', () => {
    alerts = new AlertService({ log: silent, secrets: new SecretRegistry(), settings: settings(), env: {} });
    alerts.attach(fakeCore(() => ({ spentSun: 0n, limitSun: 0n })), 'Server');
    alerts.nodeRequest(answered(undefined));
    vi.advanceTimersByTime(50_000);
    alerts.nodeRequest(answered(503));
    expect(told()).toEqual([]);
    vi.advanceTimersByTime(15_000);
    vi.advanceTimersByTime(60_000);
    expect(told()).toEqual(['node_down:firing']);
    alerts.nodeRequest(answered(200));
    alerts.nodeRequest(answered(200));
    expect(told()).toEqual(['node_down:firing', 'node_down:resolved']);
    expect(alerts.told[0]?.text).toBe('The TRON node has not answered for 1 min: the wallets cannot be read, so auto top-ups wait.');
  });

  it('80 % of the daily limit: told once, resolved at midnight with the new day’s figures', () => {
    const midnight = new Date(2026, 10, 26).getTime();
    let spentSun = 79_000_000n;
    // The core's count starts again at midnight.
    alerts = new AlertService({ log: silent, secrets: new SecretRegistry(), settings: settings(), env: {} });
    alerts.attach(fakeCore(() => ({ spentSun: Date.now() < midnight ? spentSun : 0n, limitSun: 100_000_000n })), 'Server');
    vi.advanceTimersByTime(20_000);
    expect(told()).toEqual([]);
    spentSun = 80_000_000n;
    vi.advanceTimersByTime(60_000);
    expect(told()).toEqual(['daily_limit_80:firing']);
    expect(alerts.told[0]?.text).toBe('80.00 TRX of today’s 100.00 TRX is spent; orders beyond the limit are refused until midnight.');
    vi.advanceTimersByTime(midnight - Date.now() - 1_000);
    expect(told()).toEqual(['daily_limit_80:firing']);
    vi.advanceTimersByTime(20_000);
    expect(told()).toEqual(['daily_limit_80:firing', 'daily_limit_80:resolved']);
    expect(alerts.told[1]?.text).toBe('0.00 TRX of 100.00 TRX is spent today.');
  });

  it('the node’s request budget: told once a day at 80 %', () => {
    alerts = new AlertService({ log: silent, secrets: new SecretRegistry(), settings: settings(10), env: {} });
    alerts.attach(fakeCore(() => ({ spentSun: 0n, limitSun: 0n })), 'Server');
    for (let i = 0; i < 7; i++) alerts.nodeRequest(answered(200));
    vi.advanceTimersByTime(20_000);
    expect(told()).toEqual([]);
    alerts.nodeRequest(answered(200));
    vi.advanceTimersByTime(20_000);
    expect(told()).toEqual(['node_budget:firing']);
    expect(alerts.told[0]?.text).toBe('8 of the 10 requests a day the node allows are used today.');
    vi.advanceTimersByTime(10 * 60_000);
    for (let i = 0; i < 8; i++) alerts.nodeRequest(answered(200));
    vi.advanceTimersByTime(20_000);
    expect(told()).toEqual(['node_budget:firing', 'node_budget:firing']);
  });
});

describe('alert words', () => {
  it('amounts by the one money rule: two decimals, exact when the two compared figures would read the same', () => {
    expect(alertWords({ event: 'balance_low', balanceSun: 12_345_678n, thresholdSun: 20_000_000n }, 'firing', 'Server').text).toBe(
      'The TRX balance at the service is 12.35 TRX, under the warning at 20.00 TRX. Top up the account, or orders will be refused.',
    );
    expect(alertWords({ event: 'balance_low', balanceSun: 19_999_999n, thresholdSun: 20_000_000n }, 'firing', 'Server').text).toContain(
      'is 19.999999 TRX, under the warning at 20.00 TRX.',
    );
  });

  it('a name is isolated inside the quotes and kept on one line', () => {
    const words = alertWords({ event: 'rule_stopped', rule: 'Pay\u202eroll\nApproved' }, 'firing', 'Ser\u2066ver');
    expect(words.title).toBe('Energy Tray “\u2068Ser\ufffdver\u2069”: auto top-up stopped');
    expect(words.text.split('\n')).toHaveLength(1);
    expect(words.text).toContain('“\u2068Pay\ufffdroll\ufffdApproved\u2069”');
  });
});
