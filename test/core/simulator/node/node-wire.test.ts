import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { call, errorOf, hex, HOLDER, quietNode, STRANGER, T0, USDT, WALLET } from './node-http.ts';

/** The node simulator's HTTP surface as java-tron's servlets answer, read raw (no TRON client involved). */

const PARSE = 'class org.tron.core.services.http.JsonFormat$ParseException';

describe('both address forms, GET and POST, replies in the form asked for', () => {
  it('getaccount: hex without `visible`, base58 with it, by POST JSON, POST form or GET query', async () => {
    const node = await quietNode();
    const forms = [
      await call(node, '/wallet/getaccount', { body: { address: hex(WALLET) } }),
      await call(node, '/wallet/getaccount', { body: { address: hex(WALLET), visible: false } }),
      await call(node, '/wallet/getaccount', { query: { address: hex(WALLET) } }),
      await call(node, '/walletsolidity/getaccount', { form: { address: hex(WALLET) } }),
    ];
    for (const answer of forms) expect(answer.json).toMatchObject({ address: hex(WALLET), balance: 12_000_000 });
    const visible = [
      await call(node, '/wallet/getaccount', { body: { address: WALLET, visible: true } }),
      await call(node, '/wallet/getaccount', { body: { address: WALLET, visible: 'TRUE' } }),
      await call(node, '/wallet/getaccount', { query: { address: WALLET, visible: 'true' } }),
    ];
    for (const answer of visible) expect(answer.json).toMatchObject({ address: WALLET, balance: 12_000_000 });
    expect(forms[0]!.text.replace(new RegExp(hex(WALLET), 'g'), WALLET)).toBe(visible[0]!.text);
  });

  it('writes int64 digits exactly and leaves out every field at zero, in the proto field order', async () => {
    const node = await quietNode({ wallets: [{ address: WALLET, trxSun: 2n ** 60n + 1n }] });
    const { text } = await call(node, '/wallet/getaccount', { body: { address: WALLET, visible: true } });
    const key = `{"address":"${WALLET}","weight":1}`;
    expect(text).toBe(
      `{"address":"${WALLET}","balance":1152921504606846977,"create_time":${T0},"net_window_size":28800000,"net_window_optimized":true,` +
        '"account_resource":{"energy_window_size":28800000,"energy_window_optimized":true},' +
        `"owner_permission":{"permission_name":"owner","threshold":1,"keys":[${key}]},` +
        `"active_permission":[{"type":"Active","id":2,"permission_name":"active","threshold":1,"operations":"7fff1fc0033efb0f000000000000000000000000000000000000000000000000","keys":[${key}]}],` +
        '"frozenV2":[{},{"type":"ENERGY"},{"type":"TRON_POWER"}]}',
    );
    const resources = (await call(node, '/wallet/getaccountresource', { body: { address: WALLET, visible: true } })).json as Record<string, unknown>;
    expect(Object.keys(resources)).toEqual(['freeNetLimit', 'TotalNetLimit', 'TotalNetWeight', 'TotalTronPowerWeight', 'TotalEnergyLimit', 'TotalEnergyWeight']);
  });

  it('answers {} for an account that does not exist, or an address that is empty or the wrong length', async () => {
    const node = await quietNode();
    const empties = [
      await call(node, '/wallet/getaccount', { body: { address: hex(STRANGER) } }),
      await call(node, '/wallet/getaccount', { body: {} }),
      await call(node, '/wallet/getaccount', { body: { address: '41abcd' } }),
      await call(node, '/wallet/getaccountresource', { body: { address: STRANGER, visible: true } }),
      await call(node, '/wallet/getaccountnet', { query: { address: hex(STRANGER) } }),
    ];
    for (const answer of empties) expect([answer.status, answer.text]).toEqual([200, '{}']);
  });
});

describe("java-tron's error bodies (HTTP 200, {\"Error\": \"class … : …\"})", () => {
  const badChecksum = `${WALLET.slice(0, -1)}${WALLET.endsWith('a') ? 'b' : 'a'}`;

  it('JsonFormat.merge (getaccount): bad hex and bad base58 characters at their line:column, a bad checksum as a NullPointerException', async () => {
    const node = await quietNode();
    const cases: Array<[object | string, string]> = [
      [{ address: WALLET }, `${PARSE} : 1:12: INVALID hex String`],
      ['{\n  "address": "zz41"\n}', `${PARSE} : 2:14: INVALID hex String`],
      [{ address: 'T0nope', visible: true }, `${PARSE} : 1:12: INVALID base58 String, Illegal character 0 at 1`],
      [{ address: badChecksum, visible: true }, 'class java.lang.NullPointerException : null'],
      [{ address: 12, visible: true }, `${PARSE} : 1:12: Expected string.`],
    ];
    for (const [body, error] of cases) {
      const answer = await call(node, '/wallet/getaccount', { body });
      expect([answer.status, errorOf(answer)]).toEqual([200, error]);
    }
  });

  it('addresses the servlet converts (getaccountresource): bad characters throw, a bad checksum reads as no account', async () => {
    const node = await quietNode();
    const bad = await call(node, '/wallet/getaccountresource', { body: { address: 'T0nope', visible: true } });
    expect(errorOf(bad)).toBe('class java.lang.IllegalArgumentException : Illegal character 0 at 1');
    const notHex = await call(node, '/wallet/getaccountresource', { body: { address: WALLET } });
    expect(errorOf(notHex)).toBe(
      'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
    );
    expect((await call(node, '/wallet/getaccountresource', { body: { address: badChecksum, visible: true } })).text).toBe('{}');
    expect(errorOf(await call(node, '/wallet/getaccountresource', { method: 'POST' }))).toBe('class java.lang.NullPointerException : null');
  });

  it('a body fastjson cannot read, a method no servlet has, a path no servlet serves', async () => {
    const node = await quietNode();
    expect(errorOf(await call(node, '/wallet/getaccount', { body: '{"address":' }))).toMatch(/^class com\.alibaba\.fastjson\.JSONException : syntax error/);
    expect(errorOf(await call(node, '/wallet/getaccount', { body: '[1]' }))).toBe('class com.alibaba.fastjson.JSONException : can not cast to JSONObject.');
    const put = await call(node, '/wallet/getaccount', { method: 'PUT', body: {} });
    expect([put.status, errorOf(put)]).toEqual([405, 'HTTP method PUT is not supported by this URL']);
    expect((await call(node, '/wallet/nothing', { body: {} })).status).toBe(404);
  });

  it('getblockbynum by GET reads num as Long.parseLong does', async () => {
    const node = await quietNode();
    expect(errorOf(await call(node, '/wallet/getblockbynum', { query: { num: 'x1' } }))).toBe('class java.lang.NumberFormatException : For input string: "x1"');
    expect(errorOf(await call(node, '/wallet/getblockbynum', { body: { num: 'x1' } }))).toBe(`${PARSE} : 1:8: Expected integer.`);
  });
});

describe('the contract-call servlets', () => {
  it('take GET but answer it with an empty body, as their empty doGet does', async () => {
    const node = await quietNode();
    for (const path of ['/wallet/triggerconstantcontract', '/wallet/estimateenergy']) {
      const answer = await call(node, path, { query: { owner_address: hex(WALLET) } });
      expect([answer.status, answer.text]).toEqual([200, '']);
    }
  });

  it('report every failure inside `result`, the message hex unless `visible`', async () => {
    const node = await quietNode();
    const base = { owner_address: hex(WALLET), contract_address: hex(USDT), function_selector: 'balanceOf(address)', parameter: '00' };
    const text = (h: string): string => Buffer.from(h, 'hex').toString('utf8');
    const cases: Array<[object, string, string]> = [
      [{ ...base, contract_address: hex(HOLDER) }, 'CONTRACT_VALIDATE_ERROR', 'Smart contract is not exist.'],
      [{ ...base, owner_address: '' }, 'OTHER_ERROR', "class java.security.InvalidParameterException : owner_address isn't set."],
      [{ ...base, contract_address: undefined }, 'OTHER_ERROR', 'class java.security.InvalidParameterException : At least one of contract_address and data must be set.'],
      [{ ...base, owner_address: WALLET }, 'OTHER_ERROR', `${PARSE} : 1:18: INVALID hex String`],
      [{ ...base, parameter: 'xyz' }, 'OTHER_ERROR', 'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string'],
    ];
    for (const [body, code, message] of cases) {
      const answer = (await call(node, '/wallet/triggerconstantcontract', { body })).json as { result: { code: string; message: string; result?: boolean } };
      expect(answer).toEqual({ result: { code, message: expect.stringMatching(/^[0-9a-f]+$/) } });
      expect(text(answer.result.message)).toBe(message);
    }
    const visible = await call(node, '/wallet/triggerconstantcontract', { body: { ...base, owner_address: WALLET, contract_address: HOLDER, visible: true } });
    expect(visible.json).toEqual({ result: { code: 'CONTRACT_VALIDATE_ERROR', message: 'Smart contract is not exist.' } });
  });
});

describe('faults for client tests', () => {
  it('serves a 429 with Retry-After when asked to', async () => {
    const node = await quietNode();
    node.faults.inject('/wallet/getchainparameters', { kind: 'rate-limit', retryAfter: '5' });
    const res = await request(`${node.baseUrl}/wallet/getchainparameters`, { method: 'POST', body: '{}' });
    await res.body.text();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('5');
  });
});
