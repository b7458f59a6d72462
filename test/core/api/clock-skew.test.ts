import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { messageText } from '../../../src/shared/i18n/i18n.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../../src/core/api/client.ts';
import { MAX_SKEW_SECONDS, clockOffsetNotice, skewVerdict } from '../../../src/core/api/clock-skew.ts';
import { AuthenticationError, ClockSkewError } from '../../../src/core/api/errors.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { exitCodeOf, toFailure } from '../../../src/cli/failure.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import { energyIntent, fixedClock, tempDir } from '../orders/journal-helpers.ts';
import { envelope, startFakeServer, TEST_API_KEY, TEST_SECRET, type FakeServer } from './fake-service-server.ts';

/** Issue 12, item 3: the server's time is followed only so far, and never breaks signing. */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LOCAL_MS = 1_700_000_000_000;
const LOCAL = LOCAL_MS / 1000;
const HOUR = 3600;

describe('skewVerdict', () => {
  it('follows up to 15 minutes silently, up to the bound with a notice, and refuses beyond', () => {
    expect(skewVerdict(LOCAL + 30, LOCAL, 0)).toEqual({ kind: 'none' });
    expect(skewVerdict(LOCAL + 600, LOCAL, 0)).toEqual({ kind: 'follow', offsetSeconds: 600, notice: false });
    expect(skewVerdict(LOCAL - 900, LOCAL, 0)).toEqual({ kind: 'follow', offsetSeconds: -900, notice: false });
    expect(skewVerdict(LOCAL + 901, LOCAL, 0)).toEqual({ kind: 'follow', offsetSeconds: 901, notice: true });
    expect(skewVerdict(LOCAL - 12 * HOUR, LOCAL, 0)).toEqual({ kind: 'follow', offsetSeconds: -12 * HOUR, notice: true });
    expect(skewVerdict(LOCAL + MAX_SKEW_SECONDS, LOCAL, 0)).toMatchObject({ kind: 'follow' });
    expect(skewVerdict(LOCAL + MAX_SKEW_SECONDS + 1, LOCAL, 0)).toEqual({ kind: 'refuse', offsetSeconds: MAX_SKEW_SECONDS + 1 });
    expect(skewVerdict(LOCAL + 31_536_000, LOCAL, 0)).toEqual({ kind: 'refuse', offsetSeconds: 31_536_000 });
    // Already following that offset: nothing to do.
    expect(skewVerdict(LOCAL + 9 * HOUR + 20, LOCAL, 9 * HOUR)).toEqual({ kind: 'none' });
  });

  it('ignores times that are not a clock: non-finite, negative, absurd', () => {
    for (const time of [1e300, -5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 9e15]) {
      expect(skewVerdict(time, LOCAL, 0), String(time)).toEqual({ kind: 'none' });
    }
  });

  it('names an offset in words, in any language', () => {
    expect(clockOffsetNotice(9 * HOUR)).toEqual({ key: 'notices:clockBehind', values: { offset: { seconds: 9 * HOUR } } });
    expect(englishText(clockOffsetNotice(9 * HOUR))).toContain("This computer's clock is 9 h behind the service's.");
    expect(englishText(clockOffsetNotice(34_200))).toContain('9 h 30 min behind');
    expect(englishText(clockOffsetNotice(-90_060))).toContain('1 day 1 h 1 min ahead of the service');
    expect(messageText(clockOffsetNotice(-90_060), 'ru')).toContain('спешат относительно часов сервиса на 1 день 1 ч 1 мин');
    expect(messageText(clockOffsetNotice(34_200), 'zh-CN')).toContain('慢 9 小时 30 分钟');
  });
});

describe('the client and a server whose clock differs', () => {
  const servers: FakeServer[] = [];
  const clients: ApiClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** A service at LOCAL + ahead that enforces the 5-minute window and says its time in a 401; `time` overrides what it says. */
  async function service(ahead: number, time?: (i: number) => string): Promise<FakeServer> {
    const server = await startFakeServer((req, i) => {
      const serverNow = LOCAL + ahead;
      if (!req.signatureValid || Math.abs(req.timestamp - serverNow) > 300) {
        return { status: 401, json: { ...(envelope(null, 0, 'timestamp expired', serverNow) as object), ...(time ? { time: time(i) } : {}) } };
      }
      return req.path.endsWith('/buy_energy') ? { json: envelope({ order_sn: `EN${i}` }) } : { json: envelope({ balance_trx: '1', balance_usdt: '2' }) };
    });
    servers.push(server);
    return server;
  }

  function client(server: FakeServer, over: Partial<ApiClientOptions> = {}): { client: ApiClient; offsets: number[] } {
    const offsets: number[] = [];
    const c = new ApiClient({ baseUrl: server.baseUrl, apiKey: TEST_API_KEY, secret: TEST_SECRET, now: () => LOCAL_MS, sleep: async () => {}, onClockOffset: (o) => offsets.push(o), ...over });
    clients.push(c);
    return { client: c, offsets };
  }

  it('corrects 15 minutes silently and once', async () => {
    const server = await service(900);
    const { client: c, offsets } = client(server);
    await c.userInfo();
    await c.userInfo();
    expect(server.requests.map((r) => r.timestamp)).toEqual([LOCAL, LOCAL + 900, LOCAL + 900]);
    expect(offsets).toEqual([]);
  });

  it('corrects two calls that met the 401 at once, with one notice', async () => {
    const server = await service(9 * HOUR);
    const { client: c, offsets } = client(server);
    await Promise.all([c.userInfo(), c.userInfo(), c.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' })]);
    expect(offsets).toEqual([9 * HOUR]);
    expect(server.requests.filter((r) => r.timestamp === LOCAL + 9 * HOUR)).toHaveLength(3);
  });

  it('follows a dual-boot offset (9 h) with a notice naming it', async () => {
    const server = await service(9 * HOUR);
    const { client: c, offsets } = client(server);
    await c.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' });
    expect(offsets).toEqual([9 * HOUR]);
    expect(c.clockOffsetSeconds).toBe(9 * HOUR);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an offset past the bound with a message about the system clock, after one request', async () => {
    const server = await service(365 * 24 * HOUR);
    const { client: c, offsets } = client(server);
    const err = await c.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClockSkewError);
    expect((err as ClockSkewError).message).toContain("this computer's clock is 365 days behind the service's");
    expect((err as ClockSkewError).message).toContain("Set this computer's date, time and time zone");
    expect((err as ClockSkewError).outcomeUnknown).toBe(false);
    expect(toIpcError(err).code).toBe('clock');
    expect(exitCodeOf(err)).toBe(3);
    expect(server.requests).toHaveLength(1);
    expect(c.clockOffsetSeconds).toBe(0);
    expect(offsets).toEqual([]);
  });

  it('ignores a time of 1e300 or a negative time: no throw, signing keeps working', async () => {
    for (const bogus of ['1e300', '-5', 'Infinity', 'soon']) {
      const server = await service(0, (i) => (i === 0 ? bogus : '0'));
      server.setHandler((req, i) => (i === 0 ? { status: 401, json: { code: 0, msg: 'no', time: bogus, data: null } } : { json: envelope({ order_sn: `EN${i}` }) }));
      const { client: c } = client(server);
      expect(await c.userInfo().catch((e: unknown) => e)).toBeInstanceOf(AuthenticationError);
      // The next paid click is sent and journaled as running, not as an unknown outcome.
      const journal = await OrderJournal.open(await tempDir(), fixedClock());
      const order = await submitPaidOrder({ api: c, journal }, energyIntent({ address: ADDRESS }));
      expect(order.state, bogus).toBe('running');
      expect(c.clockOffsetSeconds).toBe(0);
    }
  });

  it('a clock that gives no usable time refuses before anything is journaled or sent', async () => {
    const server = await service(0);
    for (const now of [() => Number.NaN, () => -1e20, () => 1e300]) {
      const { client: c } = client(server, { now });
      const journal = await OrderJournal.open(await tempDir(), fixedClock());
      const err = await submitPaidOrder({ api: c, journal }, energyIntent({ address: ADDRESS })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClockSkewError);
      expect(toFailure(err).kind).toBe('clock');
      expect(journal.list()).toEqual([]);
    }
    expect(server.requests).toHaveLength(0);
  });
});
