import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarStore } from '../../src/core/credentials/keytar-store.ts';
import { NODE_KEY_ENTRY, NodeKeyStore } from '../../src/core/credentials/node-key-store.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../src/core/simulator/tron-address.ts';
import { runCli, tempUserData, type CliRun } from './run-cli.ts';

const WALLET = tronAddressFromSeed('cli-chain-wallet');
const HOLDER = tronAddressFromSeed('cli-chain-holder');
const NEWCOMER = tronAddressFromSeed('cli-chain-newcomer');
const STRANGER = tronAddressFromSeed('cli-chain-never-activated');
/** Has spent 345 of its 600 free bandwidth bytes: the next transfer's bytes burn TRX. */
const SPENT = tronAddressFromSeed('cli-chain-spent-bandwidth');
const PROVIDER_KEY = 'cli-provider-key-8d5a4c2e9b61';
const BIG = 2n ** 60n + 7n;

/** The JSON shapes: integers as JSON integers (read from the raw text), SUN as decimal strings. */
describe('resources and estimate against the TRON node simulator', () => {
  let node: NodeSimulator;
  let data: { dir: string; remove(): Promise<void> };
  const outputs: CliRun[] = [];
  const cli = async (args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> => {
    const run = await runCli(args, { env: { ENERGY_TRAY_USER_DATA: data.dir, ENERGY_TRAY_NODE_URL: node.baseUrl, ENERGY_TRAY_NODE_API_KEY: PROVIDER_KEY, ...env } });
    outputs.push(run);
    return run;
  };

  beforeAll(async () => {
    node = await startNodeSimulator({
      spending: null,
      apiKey: PROVIDER_KEY,
      wallets: [
        { address: WALLET, trxSun: 9_007_199_254_740_993n, usdtMicros: 50_000_000n, stakedEnergy: 12_400n },
        { address: HOLDER, trxSun: 1_000_000n, usdtMicros: 1n, stakedEnergy: BIG },
        { address: SPENT, trxSun: 20_000_000n, usdtMicros: 9_000_000n, stakedEnergy: 100_000n },
      ],
    });
    node.transfer(SPENT, HOLDER, 1n);
    data = await tempUserData();
  });
  afterAll(async () => {
    await node.close();
    await data.remove();
    expect(outputs.map((r) => r.stdout + r.stderr).join('\n')).not.toContain(PROVIDER_KEY);
  });

  it('resources --json: one object with exact integers, TRX as a decimal string of SUN', async () => {
    const run = await cli(['resources', WALLET, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      address: WALLET,
      activated: true,
      trx_sun: '9007199254740993',
      energy: { limit: 12_400, used: 0, available: 12_400 },
      bandwidth: { free_limit: 600, free_used: 0, limit: 0, used: 0, available: 600 },
    });
    const big = await cli(['resources', HOLDER, '--json']);
    expect(big.stdout).toContain(`"energy":{"limit":${BIG},"used":0,"available":${BIG}}`);
    expect(node.requests.filter((r) => r.path === '/wallet/getaccount' || r.path === '/wallet/getaccountresource').every((r) => r.key === 'valid')).toBe(true);
  });

  it('resources of an address never activated: activated false, zeros, exit 0', async () => {
    const run = await cli(['resources', STRANGER, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ activated: false, trx_sun: '0', energy: { limit: 0, used: 0, available: 0 } });
    expect((await cli(['resources', STRANGER])).stdout).toMatch(/Activated\s+no/);
  });

  it('estimate --json: the dry run, what the sender has and lacks, the burn cost at getEnergyFee', async () => {
    const toHolder = await cli(['estimate', WALLET, '--to', HOLDER, '--json']);
    expect(toHolder.code, toHolder.stderr).toBe(0);
    expect(JSON.parse(toHolder.stdout)).toEqual({
      from: WALLET,
      to: HOLDER,
      recipient_holds_usdt: true,
      energy: 64_285,
      energy_penalty: 49_622,
      bandwidth: 345,
      available_energy: 12_400,
      available_bandwidth: 600,
      missing_energy: 51_885,
      burn_sun: '5188500',
      bandwidth_burn_sun: '0',
      total_burn_sun: '5188500',
    });
    const toNew = JSON.parse((await cli(['estimate', WALLET, '--to', NEWCOMER, '--amount', '12.5', '--json'])).stdout) as Record<string, unknown>;
    expect(toNew).toMatchObject({ recipient_holds_usdt: false, energy: 130_285, missing_energy: 117_885, burn_sun: '11788500' });
    const text = await cli(['estimate', WALLET, '--to', HOLDER]);
    expect(text.stdout).toMatch(/Energy\s+64,285 \(14,663 base \+ 49,622 penalty\)/);
    expect(text.stdout).toMatch(/Missing energy\s+51,885/);
    // 5,188,500 SUN by the one money rule: two decimals, half up (--json keeps the SUN).
    expect(text.stdout).toMatch(/Energy burn\s+5\.19 TRX \(51,885 energy at 100 SUN\)/);
    expect(text.stdout).not.toMatch(/Bandwidth burn|Total burn/);
  });

  it('estimate on a wallet lacking bandwidth: the bytes burn too (345 at 1,000 SUN), apart from the energy and in the total', async () => {
    const run = await cli(['estimate', SPENT, '--to', HOLDER, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { missing_energy: number; available_bandwidth: number; burn_sun: string; bandwidth_burn_sun: string; total_burn_sun: string };
    // The node runs on the real clock here: the first transfer's 64,285 energy has begun to recover, by a few units at most.
    expect(json.missing_energy).toBeLessThanOrEqual(64_285 - (100_000 - 64_285));
    expect(json.missing_energy).toBeGreaterThan(28_000);
    expect(json.burn_sun).toBe(String(json.missing_energy * 100));
    expect(json.bandwidth_burn_sun).toBe('345000');
    expect(json.total_burn_sun).toBe(String(json.missing_energy * 100 + 345_000));
    expect(json.available_bandwidth).toBeLessThan(345);
    const text = (await cli(['estimate', SPENT, '--to', HOLDER])).stdout;
    // The node's clock moves between the two runs by a few energy units at most: the rule's two decimals rarely differ.
    expect(text).toMatch(/Energy burn\s+2\.\d\d TRX \(28,\d{3} energy at 100 SUN\)/);
    expect(text).toMatch(/Bandwidth burn\s+0\.35 TRX \(345 bytes at 1000 SUN: 25\d bytes of bandwidth left, not enough\)/);
    expect(text).toMatch(/Total burn\s+3\.\d\d TRX\n/);
  });

  it('exit 2: addresses, amounts and the node URL are checked first and nothing is sent', async () => {
    const before = node.requests.length;
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['resources', `${WALLET.slice(0, -1)}x`], {}, /the wallet address is not a valid TRON address \(bad checksum\)/],
      [['estimate', WALLET, '--to', 'T123'], {}, /the recipient address is not a valid TRON address/],
      [['estimate', WALLET], {}, /--to is required/],
      [['estimate', WALLET, '--to', HOLDER, '--amount', '1.0000001'], {}, /at most 6 decimals/],
      [['resources', WALLET, '--node-url', 'http://node.example.com'], {}, /must use https/],
      [['resources', WALLET], { ENERGY_TRAY_NODE_URL: 'ftp://x' }, /must start with https/],
    ];
    for (const [args, env, message] of cases) {
      const run = await cli([...args, '--json'], env);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect((JSON.parse(run.stderr) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(node.requests.length).toBe(before);
  });

  it('exit 6 when the node is unreachable or failing, 5 for not found, 3 when it refuses the key', async () => {
    const unreachable = await cli(['resources', WALLET, '--json', '--timeout', '3000'], { ENERGY_TRAY_NODE_URL: 'http://127.0.0.1:9' });
    expect(unreachable.code).toBe(6);
    expect(JSON.parse(unreachable.stderr)).toMatchObject({ error: { kind: 'network' } });
    node.faults.inject('/wallet/getaccountresource', { kind: 'status', status: 503 }, { times: 'always' });
    const down = await cli(['resources', WALLET, '--json', '--timeout', '3000']);
    node.faults.clear('/wallet/getaccountresource');
    expect(down.code).toBe(6);
    node.faults.inject('/wallet/getaccount', { kind: 'status', status: 404 });
    const missing = await cli(['resources', WALLET, '--json']);
    expect(missing.code).toBe(5);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { kind: 'not_found', status: 404 } });
    const refused = await cli(['resources', WALLET], { ENERGY_TRAY_NODE_API_KEY: 'not-the-key-0000' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/provider's API key/);
  });

  it('the node URL comes from --node-url, then ENERGY_TRAY_NODE_URL, then the saved setting', async () => {
    const other = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 1n }] });
    try {
      await writeFile(join(data.dir, 'settings.json'), JSON.stringify({ version: 1, nodeUrl: other.baseUrl }));
      const fromSettings = await cli(['resources', WALLET, '--json'], { ENERGY_TRAY_NODE_URL: undefined, ENERGY_TRAY_NODE_API_KEY: undefined });
      expect(JSON.parse(fromSettings.stdout)).toMatchObject({ trx_sun: '1' });
      const fromEnv = await cli(['resources', WALLET, '--json']);
      expect(JSON.parse(fromEnv.stdout)).toMatchObject({ trx_sun: '9007199254740993' });
      const fromFlag = await cli(['resources', WALLET, '--json', '--node-url', other.baseUrl], { ENERGY_TRAY_NODE_API_KEY: undefined });
      expect(JSON.parse(fromFlag.stdout)).toMatchObject({ trx_sun: '1' });
      expect(other.requests.every((r) => r.key === 'absent')).toBe(true);
    } finally {
      await other.close();
    }
  });
});

const runKeychain = process.env['ENERGY_TRAY_SECRET_SERVICE'] === '1' || process.env['CI'] === 'true';

describe.skipIf(!runKeychain)('the provider key from the keychain (real Secret Service)', () => {
  let node: NodeSimulator;
  let data: { dir: string; remove(): Promise<void> };

  beforeAll(async () => {
    node = await startNodeSimulator({ spending: null, apiKey: PROVIDER_KEY, wallets: [{ address: WALLET, trxSun: 5n }] });
    data = await tempUserData();
  });
  afterAll(async () => {
    await new KeytarStore().delete(NODE_KEY_ENTRY).catch(() => false);
    await node.close();
    await data.remove();
  });

  it('is sent only to the node it was saved for', async () => {
    await new NodeKeyStore(new KeytarStore()).set(node.baseUrl, PROVIDER_KEY);
    const env = { ENERGY_TRAY_USER_DATA: data.dir };
    const ok = await runCli(['resources', WALLET, '--json', '--node-url', node.baseUrl], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(node.requests.at(-1)?.key).toBe('valid');
    const elsewhere = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 5n }] });
    try {
      const other = await runCli(['resources', WALLET, '--json', '--node-url', elsewhere.baseUrl], { env });
      expect(other.code).toBe(0);
      expect(elsewhere.requests.every((r) => r.key === 'absent')).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });
});
