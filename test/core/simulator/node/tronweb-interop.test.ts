import { TronWeb, utils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startSimulator } from '../../../../src/core/simulator/index.ts';
import type { Simulator } from '../../../../src/core/simulator/index.ts';
import { hexOfAddress } from '../../../../src/core/simulator/node/address-codec.ts';
import { estimatedEnergy } from '../../../../src/core/simulator/node/contract-endpoints.ts';
import { startNodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import type { NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { transferCost } from '../../../../src/core/simulator/node/usdt-transfer.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import { caller, fakeClock } from '../sim-http.ts';

/**
 * TronWeb (the SDK most TRON developers use, pinned in package.json) pointed
 * at the node simulator: every call issue 24 lists, once with base58 and once
 * with hex addresses, each result compared with what the simulator's own
 * state says. TronWeb sends hex without `visible` and reads accounts from
 * /walletsolidity/. Its own protobuf encoder re-derives every transaction's
 * raw_data_hex and txID (utils.transaction.txCheck).
 */

const SENDER = tronAddressFromSeed('tronweb-sender');
const HOLDER = tronAddressFromSeed('tronweb-holder');
const NEWCOMER = tronAddressFromSeed('tronweb-newcomer');
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const clock = fakeClock();

let service: Simulator;
let node: NodeSimulator;
let tronWeb: TronWeb;
const failures: string[] = [];
let calls = 0;

beforeAll(async () => {
  service = await startSimulator({ now: clock.now });
  node = await startNodeSimulator({
    now: clock.now,
    delegations: service.delegations,
    spending: null,
    wallets: [
      { address: SENDER, trxSun: 75_000_000n, usdtMicros: 40_000_000n, stakedEnergy: 30_000n, stakedNet: 1_000n },
      { address: HOLDER, trxSun: 2_000_000n, usdtMicros: 3n },
    ],
  });
  // Some history, so that usage, delegations and block contents are not all zero.
  await caller(service.baseUrl, DEMO_USER, clock.now)('POST', '/buy_energy', { form: { address: SENDER, count: '65000', period: '1h' } });
  clock.advance(3_000);
  node.transfer(SENDER, HOLDER, 1_500_000n);
  clock.advance(3_000);
  tronWeb = new TronWeb({ fullHost: node.baseUrl });
  tronWeb.setAddress(SENDER);
});

afterAll(async () => {
  console.log(`tronweb-interop: calls=${calls} failed=${failures.length}`);
  await Promise.all([node.close(), service.close()]);
});

/** One TronWeb call and its check; a failure is recorded with its name and counted, not thrown, so the summary line covers them all. */
async function check(name: string, run: () => Promise<void>): Promise<void> {
  calls += 1;
  try {
    await run();
  } catch (err) {
    failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const forms = [
  { form: 'base58', of: (a: string): string => a },
  { form: 'hex', of: (a: string): string => hexOfAddress(a) },
] as const;

const word = (n: bigint): string => n.toString(16).padStart(64, '0');

describe('TronWeb against the node simulator', () => {
  it('runs every listed call for base58 and hex callers, each equal to the simulator state', async () => {
    for (const { form, of } of forms) {
      const view = node.account(SENDER)!;
      await check(`${form} trx.getAccountResources`, async () => {
        const r = await tronWeb.trx.getAccountResources(of(SENDER));
        // java-tron leaves zero fields out: absent reads as 0.
        expect([r.EnergyLimit, r.EnergyUsed, r.NetLimit, r.NetUsed, r.freeNetUsed ?? 0]).toEqual(
          [view.energyLimit, view.energyUsed, view.netLimit, view.netUsed, view.freeNetUsed].map(Number),
        );
        expect(r.tronPowerLimit).toBeGreaterThan(0);
      });
      await check(`${form} trx.getAccount`, async () => {
        const a = await tronWeb.trx.getAccount(of(SENDER));
        expect([a.address, BigInt(a.balance ?? 0)]).toEqual([hexOfAddress(SENDER), view.trxSun]);
      });
      await check(`${form} trx.getBalance`, async () => expect(BigInt(await tronWeb.trx.getBalance(of(SENDER)))).toBe(view.trxSun));
      await check(`${form} trx.getBandwidth`, async () => {
        const left = 600n - view.freeNetUsed + (view.netLimit - view.netUsed);
        expect(BigInt(await tronWeb.trx.getBandwidth(of(SENDER)))).toBe(left);
      });
      await check(`${form} trx.getChainParameters`, async () => {
        const list = await tronWeb.trx.getChainParameters();
        expect(list).toHaveLength(66);
        expect(list.find((p) => p.key === 'getEnergyFee')?.value).toBe(Number(node.state.params.energyFeeSun));
      });
      for (const to of [HOLDER, NEWCOMER]) {
        const args = [{ type: 'address', value: of(to) }, { type: 'uint256', value: 1_000_000 }];
        const cost = transferCost(node.state, to, node.energy);
        await check(`${form} transactionBuilder.triggerConstantContract transfer`, async () => {
          const reply = await tronWeb.transactionBuilder.triggerConstantContract(of(USDT), 'transfer(address,uint256)', {}, args, of(SENDER));
          expect([reply.energy_used, reply.energy_penalty, reply.constant_result]).toEqual([Number(cost.used), Number(cost.penalty), [word(1n)]]);
          expect(utils.transaction.txCheck(reply.transaction)).toBe(true);
        });
        await check(`${form} transactionBuilder.estimateEnergy`, async () => {
          const reply = await tronWeb.transactionBuilder.estimateEnergy(of(USDT), 'transfer(address,uint256)', {}, args, of(SENDER));
          expect(BigInt(reply.energy_required)).toBe(estimatedEnergy(cost.used, node.state.params.energyFeeSun, 15_000_000_000n));
        });
      }
      await check(`${form} transactionBuilder.triggerConstantContract balanceOf`, async () => {
        const reply = await tronWeb.transactionBuilder.triggerConstantContract(of(USDT), 'balanceOf(address)', {}, [{ type: 'address', value: of(HOLDER) }], of(SENDER));
        expect(reply.constant_result).toEqual([word(node.state.usdtOf(HOLDER))]);
      });
      await check(`${form} contract().at(USDT).balanceOf().call()`, async () => {
        const usdt = await tronWeb.contract().at(of(USDT));
        expect(BigInt(String(await usdt.balanceOf(of(SENDER)).call()))).toBe(node.state.usdtOf(SENDER));
      });
      await check(`${form} trx.getCurrentBlock`, async () => {
        const block = (await tronWeb.trx.getCurrentBlock()) as unknown as { block_header: { raw_data: { number: number } } };
        expect(block.block_header.raw_data.number).toBe(node.headBlock());
      });
    }
    await check('trx.getBlockByNumber: the transfer and the delegation, encoded as TronWeb encodes them', async () => {
      const types: string[] = [];
      for (let num = 1; num <= node.headBlock(); num++) {
        const block = (await tronWeb.trx.getBlockByNumber(num)) as unknown as { transactions?: Parameters<typeof utils.transaction.txCheck>[0][] };
        for (const tx of block.transactions ?? []) {
          expect(utils.transaction.txCheck(tx)).toBe(true);
          types.push((tx as unknown as { raw_data: { contract: { type: string }[] } }).raw_data.contract[0]!.type);
        }
      }
      expect(types.sort()).toEqual(['DelegateResourceContract', 'TriggerSmartContract']);
    });
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(20);
  });
});
