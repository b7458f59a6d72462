import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER, startSimulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import type { NodeSimulator, NodeSimulatorOptions } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import { caller, fakeClock } from '../sim-http.ts';
import { call, hex, USDT } from './node-http.ts';

/** Blocks every 3 s on the simulator's clock, as a client following them sees them. */

const WATCHED = tronAddressFromSeed('blocks-watched-wallet');
const HOLDER = tronAddressFromSeed('blocks-holder');
const INTERVAL = 3_000;
const MINUTE = 60_000;

interface Tx {
  txID: string;
  ret: { contractRet: string }[];
  raw_data: { contract: { type: string; parameter: { value: Record<string, string | number | boolean> } }[]; timestamp: number };
  raw_data_hex: string;
}
interface Block {
  blockID: string;
  block_header: { raw_data: { number?: number; timestamp: number; parentHash: string } };
  transactions?: Tx[];
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

async function node(options: NodeSimulatorOptions): Promise<NodeSimulator> {
  const n = await startNodeSimulator({ spending: null, wallets: [{ address: WATCHED, trxSun: 500_000_000n, usdtMicros: 10n ** 12n }, { address: HOLDER, usdtMicros: 1n }], ...options });
  open.push(n);
  return n;
}

const block = async (n: NodeSimulator, num: number, visible = false): Promise<Block> =>
  (await call(n, '/wallet/getblockbynum', visible ? { body: { num, visible } } : { query: { num: String(num) } })).json as Block;

const contractOf = (tx: Tx): { type: string; value: Record<string, string | number | boolean> } => ({
  type: tx.raw_data.contract[0]!.type,
  value: tx.raw_data.contract[0]!.parameter.value,
});

describe('following blocks', () => {
  it("sees each simulated USDT transfer of a watched address in getblockbynum within one block interval", async () => {
    const clock = fakeClock();
    const spending = { seed: 11, holders: [HOLDER], plans: [{ from: WATCHED, everyMs: 4 * MINUTE, jitterMs: MINUTE, amountMicros: 7_000_000n }] };
    const n = await node({ now: clock.now, spending });
    let cursor = ((await call(n, '/wallet/getnowblock', { method: 'GET' })).json as Block).block_header.raw_data.number ?? 0;
    const seen: { at: number; to: string; amount: bigint; txID: string }[] = [];
    for (let step = 0; step < (15 * MINUTE) / INTERVAL; step++) {
      clock.advance(INTERVAL);
      const head = ((await call(n, '/wallet/getnowblock', { body: {} })).json as Block).block_header.raw_data.number!;
      for (; cursor < head; cursor++) {
        const b = await block(n, cursor + 1);
        expect(b.block_header.raw_data.number).toBe(cursor + 1);
        for (const tx of b.transactions ?? []) {
          const { type, value } = contractOf(tx);
          if (type !== 'TriggerSmartContract' || value['owner_address'] !== hex(WATCHED) || value['contract_address'] !== hex(USDT)) continue;
          const data = String(value['data']);
          expect(data.slice(0, 8)).toBe('a9059cbb');
          expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
          expect(tx.txID).toBe(createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex'));
          seen.push({ at: b.block_header.raw_data.timestamp, to: `41${data.slice(32, 72)}`, amount: BigInt(`0x${data.slice(72)}`), txID: tx.txID });
        }
      }
    }
    const sent = n.transfers.filter((t) => t.from === WATCHED && t.outcome === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(seen).toHaveLength(sent.length);
    sent.forEach((t, i) => {
      expect(seen[i]).toMatchObject({ to: hex(t.to), amount: t.amountMicros });
      expect(seen[i]!.at - t.at).toBeGreaterThan(0);
      expect(seen[i]!.at - t.at).toBeLessThanOrEqual(INTERVAL);
    });
    expect(new Set(seen.map((s) => s.txID)).size).toBe(seen.length);
  });

  it('a block never changes once made; the next one is not there yet; they chain by parentHash', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now });
    clock.advance(INTERVAL);
    n.transfer(WATCHED, HOLDER, 1n);
    const head = n.headBlock();
    const before = JSON.stringify(await block(n, head));
    expect((await call(n, '/wallet/getblockbynum', { query: { num: String(head + 1) } })).text).toBe('{}');
    clock.advance(INTERVAL);
    n.transfer(WATCHED, HOLDER, 2n);
    expect(JSON.stringify(await block(n, head))).toBe(before);
    const next = await block(n, head + 1);
    expect(next.transactions).toHaveLength(1);
    expect(next.block_header.raw_data.parentHash).toBe((JSON.parse(before) as Block).blockID);
    expect(next.blockID.slice(0, 16)).toBe((head + 1).toString(16).padStart(16, '0'));
    const genesis = await block(n, 0);
    expect(genesis.block_header.raw_data.number).toBeUndefined();
    const visible = await block(n, head + 1, true);
    expect(contractOf(visible.transactions![0]!).value).toMatchObject({ owner_address: WATCHED, contract_address: USDT });
  });

  it('answers {} for blocks whose transfers the bounded log has dropped, as a pruned node does', async () => {
    const clock = fakeClock();
    const n = await node({ now: clock.now, logLimit: 2 });
    for (let i = 0; i < 3; i++) {
      clock.advance(INTERVAL);
      n.transfer(WATCHED, HOLDER, 1n);
    }
    clock.advance(INTERVAL);
    const head = n.headBlock();
    expect((await call(n, '/wallet/getblockbynum', { query: { num: String(head - 2) } })).text).toBe('{}');
    expect((await block(n, head)).transactions).toHaveLength(1);
  });
});

describe('rentals on the chain', () => {
  it('the service delegates from its pool: a DelegateResource in the next block, getdelegatedresourcev2, the index, then the UnDelegate', async () => {
    const clock = fakeClock();
    const sim = await startSimulator({ now: clock.now });
    open.push(sim);
    const n = await node({ now: clock.now, delegations: sim.delegations });
    const service = caller(sim.baseUrl, DEMO_USER, clock.now);
    const startHead = n.headBlock();
    const placed = await service('POST', '/buy_energy', { form: { address: WATCHED, count: '65000', period: '15minutes' } });
    const sn = (placed.body as { data: { order_sn: string } }).data.order_sn;
    clock.advance(2 * INTERVAL);
    const result = await service('GET', '/query_result', { query: { order_sn: sn } });
    const pool = (result.body as { data: { orders: { from_address: string }[] } }).data.orders[0]!.from_address;
    const delegations = [];
    for (let num = startHead + 1; num <= n.headBlock(); num++) {
      for (const tx of (await block(n, num, true)).transactions ?? []) delegations.push(contractOf(tx));
    }
    expect(delegations).toEqual([
      { type: 'DelegateResourceContract', value: { balance: expect.any(Number), resource: 'ENERGY', receiver_address: WATCHED, owner_address: pool, lock: true, lock_period: 300 } },
    ]);
    const v2 = (await call(n, '/wallet/getdelegatedresourcev2', { body: { fromAddress: pool, toAddress: WATCHED, visible: true } })).json;
    expect(v2).toEqual({ delegatedResource: [{ from: pool, to: WATCHED, frozen_balance_for_energy: delegations[0]!.value['balance'], expire_time_for_energy: expect.any(Number) }] });
    const index = (await call(n, '/wallet/getdelegatedresourceaccountindexv2', { query: { value: hex(WATCHED) } })).json;
    expect(index).toEqual({ account: hex(WATCHED), fromAccounts: [hex(pool)] });
    expect((await call(n, '/walletsolidity/getdelegatedresourceaccountindexv2', { body: { value: pool, visible: true } })).json).toEqual({ account: pool, toAccounts: [WATCHED] });
    expect((await call(n, '/wallet/getaccount', { body: { address: WATCHED, visible: true } })).json).toMatchObject({
      account_resource: { acquired_delegated_frozenV2_balance_for_energy: delegations[0]!.value['balance'] },
    });
    const endHead = n.headBlock();
    clock.advance(15 * MINUTE + INTERVAL);
    const ended = [];
    for (let num = endHead + 1; num <= n.headBlock(); num++) ended.push(...((await block(n, num, true)).transactions ?? []).map(contractOf));
    expect(ended.map((c) => c.type)).toEqual(['UnDelegateResourceContract']);
    expect((await call(n, '/wallet/getdelegatedresourcev2', { body: { fromAddress: pool, toAddress: WATCHED, visible: true } })).text).toBe('{}');
  });
});
