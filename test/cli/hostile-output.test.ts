import { afterEach, describe, expect, it } from 'vitest';
import { envelope, startFakeServer, TEST_API_KEY, TEST_SECRET, type FakeServer, type FakeServerHandler } from '../core/api/fake-service-server.ts';
import { runCli, tempUserData } from './run-cli.ts';

/**
 * The CLI against a server that sends what the simulator never would: a
 * balance with 30 digits, text with control and direction characters.
 * --json keeps the digits the server sent; no such character reaches the
 * terminal, in JSON or in text.
 */
let server: FakeServer | undefined;
let userData: Awaited<ReturnType<typeof tempUserData>> | undefined;
afterEach(async () => {
  await server?.close();
  await userData?.remove();
  server = undefined;
});

async function cli(args: string[], answer: string | FakeServerHandler): Promise<{ code: number | null; stdout: string; stderr: string }> {
  server = await startFakeServer(typeof answer === 'string' ? () => ({ body: answer }) : answer);
  userData = await tempUserData();
  return runCli(args, {
    env: { ENERGY_TRAY_API_KEY: TEST_API_KEY, ENERGY_TRAY_API_SECRET: TEST_SECRET, ENERGY_TRAY_BASE_URL: server.baseUrl, ENERGY_TRAY_USER_DATA: userData.dir },
  });
}

const time = (): string => String(Math.floor(Date.now() / 1000));
const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

describe('CLI output with a hostile server', () => {
  it('--json prints numbers with the digits the server sent; a 30-digit TRX balance is out of range and refused', async () => {
    const run = await cli(['balance', '--json'], `{"code":1,"msg":"ok","time":"${time()}","data":{"balance_trx":123456789012345678901234567890,"balance_usdt":1.50}}`);
    // 10^29 TRX is beyond any TRON balance (int64 SUN): a malformed reply, exit 6. Long numbers in range print exactly:
    expect(run.code).toBe(6);
    const fine = await cli(['balance', '--json'], `{"code":1,"msg":"ok","time":"${time()}","data":{"balance_trx":1234567890123.123456,"balance_usdt":1.50,"n":123456789012345678901234567890}}`);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stdout).toBe('{"balance_trx":1234567890123.123456,"balance_usdt":1.50,"n":123456789012345678901234567890}\n');
  });

  it('escapes control and direction characters of server text in --json and removes them from text output', async () => {
    const msg = 'no\\u202e!sdrawkcab\\u001b[2J\\u0085end\\u007f';
    const answer = `{"code":0,"msg":"${msg}","time":"${time()}","data":null}`;
    const json = await cli(['balance', '--json'], answer);
    expect(json.code).toBe(1);
    expect(json.stderr.replace(/\n$/, '')).not.toMatch(UNSAFE);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { kind: 'rejected' } });
    const text = await cli(['balance'], answer);
    expect(text.stderr).toContain('no!sdrawkcab [2J end');
    expect(text.stderr.replace(/\n$/, '')).not.toMatch(UNSAFE);
  });

  it('--json of a reply whose strings hold such characters keeps them as \\u escapes (the same JSON value)', async () => {
    const data = { order_sn: 'EN1', amount: 3.25, status: 'ok\u202eevil\u0085', orders: [] };
    const run = await cli(['order', 'EN1', '--json'], JSON.stringify(envelope(data)));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/[\p{Cf}\u0080-\u009f]/u);
    expect(run.stdout).toContain('\\u202e');
    expect(JSON.parse(run.stdout)).toEqual(data);
  });
});

describe('CLI and a service whose clock differs', () => {
  /** A service `ahead` seconds ahead of this machine, enforcing the 5-minute window. */
  const skewed =
    (ahead: number): FakeServerHandler =>
    (req) => {
      const serverNow = Math.floor(Date.now() / 1000) + ahead;
      if (!req.signatureValid || Math.abs(req.timestamp - serverNow) > 300) return { status: 401, json: envelope(null, 0, 'expired', serverNow) };
      return { json: envelope({ balance_trx: '1', balance_usdt: '2' }, 1, 'ok', serverNow) };
    };

  it('follows a 9-hour offset with a warning that names it', async () => {
    const run = await cli(['balance'], skewed(9 * 3600));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^warning: This computer's clock is 9 h behind the service's\./);
  });

  it('refuses a year with a message about the system clock: exit 3, no stack', async () => {
    const run = await cli(['balance', '--json'], skewed(365 * 24 * 3600));
    expect(run.code).toBe(3);
    const { error } = JSON.parse(run.stderr) as { error: { kind: string; message: string } };
    expect(error.kind).toBe('clock');
    expect(error.message).toContain("Set this computer's date, time and time zone");
    expect(run.stderr).not.toMatch(/Unexpected error|at .*\.ts:\d+/);
  });
});
