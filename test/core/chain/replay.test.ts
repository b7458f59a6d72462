import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import { ChainError } from '../../../src/core/chain/errors.ts';
import { listen } from '../../../src/core/simulator/listen.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { failure } from './node-harness.ts';

/**
 * The chain client against recorded java-tron replies
 * (test/fixtures/tron-replies, sources in its README): a server on
 * 127.0.0.1 answers each endpoint with the recorded body, byte for byte.
 */

const FIXTURES = join(import.meta.dirname, '../../fixtures/tron-replies');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const ADDRESS = tronAddressFromSeed('replay-account');
const OTHER = tronAddressFromSeed('replay-recipient');

/** Replies by path; triggerconstantcontract by function_selector. */
type Script = Record<string, string>;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function replay(script: Script): Promise<{ client: ChainClient; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const endpoint = (req.url ?? '').replace('/wallet/', '');
      const selector = endpoint === 'triggerconstantcontract' ? (JSON.parse(body) as { function_selector: string }).function_selector : '';
      const name = script[selector === '' ? endpoint : `${endpoint} ${selector}`];
      asked.push(selector === '' ? endpoint : `${endpoint} ${selector}`);
      res.writeHead(name === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(name === undefined ? '{"Error":"not recorded"}' : fixture(name));
    });
  });
  const listening = await listen(server, '127.0.0.1', 0);
  const client = new ChainClient({ nodeUrl: listening.origin, maxAttempts: 1, timeoutMs: 5_000 });
  closers.push(() => client.close(), listening.close);
  return { client, asked };
}

describe('accounts: what java-tron answers for activated, idle and unknown accounts', () => {
  it('a Nile account (getaccount in hex form, getaccountresource with free bandwidth used)', async () => {
    const { client } = await replay({ getaccount: 'ga-doc-nile.json', getaccountresource: 'gar-doc-nile.json' });
    expect(await client.readAccount(ADDRESS)).toEqual({
      address: ADDRESS,
      activated: true,
      trxSun: 1_793_227_200n,
      energy: { limit: 0n, used: 0n, available: 0n },
      bandwidth: { freeLimit: 600n, freeUsed: 441n, limit: 0n, used: 0n, available: 159n },
    });
  });

  it('an unactivated address: {} from both, so not activated and all zero', async () => {
    const { client } = await replay({ getaccount: 'empty.json', getaccountresource: 'empty.json' });
    expect(await client.readAccount(ADDRESS)).toMatchObject({ activated: false, trxSun: 0n, energy: { limit: 0n, available: 0n }, bandwidth: { available: 0n } });
  });

  it('an idle activated mainnet account: no freeNetUsed key means none used', async () => {
    const { client } = await replay({ getaccountresource: 'gar-getblock-mainnet.json' });
    const reading = await client.readResources(ADDRESS);
    expect(reading).toMatchObject({ activated: true, energy: { limit: 10n, used: 0n, available: 10n } });
    expect(reading.bandwidth).toEqual({ freeLimit: 600n, freeUsed: 0n, limit: 0n, used: 0n, available: 600n });
  });

  it('a reply from the era of 1,500 free bytes a day: the limit is read, not assumed', async () => {
    const { client } = await replay({ getaccountresource: 'gar-walletcli.json' });
    expect((await client.readResources(ADDRESS)).bandwidth).toEqual({ freeLimit: 1_500n, freeUsed: 262n, limit: 0n, used: 0n, available: 1_238n });
  });
});

describe('chain parameters', () => {
  it('reads the fees from the 2023 capture (420 SUN) and from the list with the fee of proposal #104 (100 SUN)', async () => {
    expect(await (await replay({ getchainparameters: 'gcp-mainnet-2023.json' })).client.chainFees()).toEqual({ energyFeeSun: 420n, bandwidthFeeSun: 1_000n });
    const current = await replay({ getchainparameters: 'gcp-mainnet-fee100-SUBSTITUTED.json' });
    expect(await current.client.chainFees()).toEqual({ energyFeeSun: 100n, bandwidthFeeSun: 1_000n });
  });
});

describe('triggerconstantcontract', () => {
  it('balanceOf on Nile and on mainnet (where even a view pays the penalty)', async () => {
    const nile = await replay({ 'triggerconstantcontract balanceOf(address)': 'tcc-doc-nile-balanceof.json' });
    expect(await nile.client.usdtBalance(ADDRESS)).toBe(0x40cfcc00n);
    const mainnet = await replay({ 'triggerconstantcontract balanceOf(address)': 'tcc-mainnet-balanceof-penalty.json' });
    expect(await mainnet.client.usdtBalance(ADDRESS)).toBe(0xbdb69fb7a7n);
  });

  it('a USDT transfer to a holder: energy_used 64,285 already includes the 49,635 penalty', async () => {
    const { client, asked } = await replay({
      'triggerconstantcontract balanceOf(address)': 'tcc-mainnet-balanceof-penalty.json',
      'triggerconstantcontract transfer(address,uint256)': 'tcc-transfer-64285.json',
    });
    expect(await client.estimateTransfer(ADDRESS, OTHER, 1_000_000n)).toEqual({
      from: ADDRESS,
      to: OTHER,
      amountMicros: 1_000_000n,
      energy: 64_285n,
      energyPenalty: 49_635n,
      recipientHoldsUsdt: true,
      bandwidth: 345n,
    });
    expect(asked.sort()).toEqual(['triggerconstantcontract balanceOf(address)', 'triggerconstantcontract transfer(address,uint256)']);
  });

  it('a revert whose message came hex-encoded is reported as text, never as hex', async () => {
    const { client } = await replay({
      'triggerconstantcontract balanceOf(address)': 'tcc-doc-nile-balanceof.json',
      'triggerconstantcontract transfer(address,uint256)': 'tcc-revert-hexmsg.json',
    });
    const err = (await failure(() => client.estimateTransfer(ADDRESS, OTHER))) as ChainError;
    expect(err).toBeInstanceOf(ChainError);
    expect(err.kind).toBe('reverted');
    expect(err.facts.nodeMessage).toBe('REVERT opcode executed');
    expect(err.message).toContain('The node said: "REVERT opcode executed"');
    expect(err.message).not.toContain('524556');
  });
});
