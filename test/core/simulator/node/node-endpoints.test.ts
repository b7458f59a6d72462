import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimatedEnergy } from '../../../../src/core/simulator/node/contract-endpoints.ts';
import { selectorOf } from '../../../../src/core/simulator/node/usdt-contract.ts';
import { call, hex, HOLDER, quietNode, STRANGER, T0, USDT, WALLET } from './node-http.ts';

/** What each endpoint reports, checked against the simulator's own state. */

const word = (h: string): string => h.padStart(64, '0');
const transferParameter = (to: string, amount: bigint): string => word(hex(to).slice(2)) + word(amount.toString(16));
const dryRun = (to: string, amount = 1n, visible = false): object => ({
  owner_address: visible ? WALLET : hex(WALLET),
  contract_address: visible ? USDT : hex(USDT),
  function_selector: 'transfer(address,uint256)',
  parameter: transferParameter(to, amount),
  ...(visible ? { visible } : {}),
});

interface Extention {
  result: { result?: boolean; message?: string };
  energy_used: number;
  energy_penalty?: number;
  constant_result: string[];
  transaction: { ret: object[]; visible: boolean; txID: string; raw_data: { contract: { parameter: { value: Record<string, string> } }[] }; raw_data_hex: string };
}

describe('account resources', () => {
  it('getaccountresource and getaccountnet report usage after a transfer, tron power from the stake', async () => {
    const node = await quietNode();
    node.transfer(WALLET, HOLDER, 1n);
    const resources = (await call(node, '/wallet/getaccountresource', { query: { address: WALLET, visible: 'true' } })).json;
    expect(resources).toEqual({
      freeNetUsed: 345,
      freeNetLimit: 600,
      TotalNetLimit: 43_200_000_000,
      TotalNetWeight: 26_514_583_140,
      TotalTronPowerWeight: 43_065_692_324,
      tronPowerLimit: 9_195,
      EnergyUsed: 64_285,
      EnergyLimit: 100_000,
      TotalEnergyLimit: 180_000_000_000,
      TotalEnergyWeight: 16_551_109_184,
    });
    const net = (await call(node, '/wallet/getaccountnet', { body: { address: hex(WALLET) } })).json;
    expect(net).toEqual({ freeNetUsed: 345, freeNetLimit: 600, TotalNetLimit: 43_200_000_000, TotalNetWeight: 26_514_583_140 });
  });

  it('getaccount names the usage and its times as java-tron does (latest_consume_time at the slot, ms)', async () => {
    const node = await quietNode();
    node.transfer(WALLET, HOLDER, 1n);
    const account = (await call(node, '/wallet/getaccount', { body: { address: hex(WALLET) } })).json;
    expect(account).toMatchObject({
      balance: 12_000_000,
      latest_opration_time: T0,
      free_net_usage: 345,
      latest_consume_free_time: T0,
      net_window_size: 28_800_000,
      account_resource: { energy_usage: 64_285, latest_consume_time_for_energy: T0, energy_window_size: 28_800_000, energy_window_optimized: true },
      frozenV2: [{}, { type: 'ENERGY', amount: 9_195_060_658 }, { type: 'TRON_POWER' }],
    });
  });

  it('runs on the 1,500-free-bandwidth era too (getFreeNetLimit follows the option)', async () => {
    const node = await quietNode({ params: { freeNetLimit: 1_500n } });
    expect((await call(node, '/wallet/getaccountresource', { body: { address: hex(HOLDER) } })).json).toMatchObject({ freeNetLimit: 1_500 });
  });
});

describe('triggerconstantcontract: the dry run, with the dynamic-energy penalty', () => {
  it('a USDT transfer to a holder: 64,285 energy of which 49,622 penalty, and a transaction the node could sign', async () => {
    const node = await quietNode();
    const reply = (await call(node, '/wallet/triggerconstantcontract', { body: dryRun(HOLDER, 2_500_000n) })).json as Extention;
    expect(reply).toMatchObject({ result: { result: true }, energy_used: 64_285, energy_penalty: 49_622, constant_result: [word('1')] });
    const tx = reply.transaction;
    expect(tx.ret).toEqual([{}]);
    expect(tx.visible).toBe(false);
    expect(tx.txID).toBe(createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex'));
    expect(tx.raw_data.contract[0]!.parameter.value).toEqual({
      data: selectorOf('transfer(address,uint256)').toString('hex') + transferParameter(HOLDER, 2_500_000n),
      owner_address: hex(WALLET),
      contract_address: hex(USDT),
    });
    expect(tx.raw_data).toMatchObject({ ref_block_bytes: expect.stringMatching(/^[0-9a-f]{4}$/), expiration: T0 + 60_000, timestamp: T0 });
  });

  it('to an address without USDT: 130,285 of which 100,568 penalty; balanceOf pays the penalty too', async () => {
    const node = await quietNode();
    expect((await call(node, '/wallet/triggerconstantcontract', { body: dryRun(STRANGER) })).json).toMatchObject({ energy_used: 130_285, energy_penalty: 100_568 });
    const balance = (await call(node, '/wallet/triggerconstantcontract', {
      body: { owner_address: HOLDER, contract_address: USDT, function_selector: 'balanceOf(address)', parameter: word(hex(WALLET).slice(2)), visible: true },
    })).json as Extention;
    expect(balance).toMatchObject({ energy_used: 4_099, energy_penalty: 3_164, constant_result: [word((5_000_000).toString(16))] });
    expect(balance.transaction.raw_data.contract[0]!.parameter.value['owner_address']).toBe(HOLDER);
  });

  it('the factor and the fees are options: no penalty at factor 0, and `data` works like function_selector', async () => {
    const node = await quietNode({ energy: { energyFactor: 0n } });
    const data = selectorOf('transfer(address,uint256)').toString('hex') + transferParameter(HOLDER, 1n);
    const reply = (await call(node, '/wallet/triggerconstantcontract', { body: { owner_address: hex(WALLET), contract_address: hex(USDT), data } })).json;
    expect(reply).toMatchObject({ energy_used: 14_663 });
    expect(reply).not.toHaveProperty('energy_penalty');
  });

  it('a revert: result true with "REVERT opcode executed" (hex unless visible), FAILED, the reason in constant_result', async () => {
    const node = await quietNode();
    const hexReply = (await call(node, '/wallet/triggerconstantcontract', { body: dryRun(HOLDER, 5_000_001n) })).json as Extention;
    expect(hexReply.result).toEqual({ result: true, message: Buffer.from('REVERT opcode executed').toString('hex') });
    expect(hexReply.transaction.ret).toEqual([{ ret: 'FAILED' }]);
    expect(Buffer.from(hexReply.constant_result[0]!, 'hex').toString('utf8')).toContain('transfer amount exceeds balance');
    const visibleReply = (await call(node, '/wallet/triggerconstantcontract', { body: dryRun(HOLDER, 5_000_001n, true) })).json as Extention;
    expect(visibleReply.result).toEqual({ result: true, message: 'REVERT opcode executed' });
    expect(visibleReply.transaction.visible).toBe(true);
  });
});

describe('estimateenergy', () => {
  it("answers java-tron's binary search: a little above energy_used, to within 1 TRX of fee", async () => {
    const node = await quietNode();
    const reply = (await call(node, '/wallet/estimateenergy', { body: dryRun(HOLDER) })).json as { energy_required: number };
    expect(reply).toEqual({ result: { result: true }, energy_required: 72_321 });
    expect(estimatedEnergy(64_285n, 100n, 15_000_000_000n)).toBe(72_321n);
    expect(reply.energy_required * 100 - 64_285 * 100).toBeLessThanOrEqual(1_000_000);
    const revert = (await call(node, '/wallet/estimateenergy', { body: dryRun(HOLDER, 5_000_001n, true) })).json;
    expect(revert).toEqual({ result: { code: 'CONTRACT_EXE_ERROR', message: 'REVERT opcode executed' } });
  });
});

describe('getcontract and getcontractinfo for the simulated USDT', () => {
  it('give its ABI in java-tron enum names and its energy factor; {} for any other address', async () => {
    const node = await quietNode();
    node.transfer(WALLET, HOLDER, 1n);
    const contract = (await call(node, '/wallet/getcontract', { query: { value: hex(USDT) } })).json as { contract_address: string; abi: { entrys: object[] } };
    expect(contract.contract_address).toBe(hex(USDT));
    expect(contract.abi.entrys).toContainEqual({ constant: true, name: 'balanceOf', inputs: [{ name: 'who', type: 'address' }], outputs: [{ type: 'uint256' }], type: 'Function', stateMutability: 'View' });
    const info = (await call(node, '/wallet/getcontractinfo', { body: { value: USDT, visible: true } })).json;
    expect(info).toMatchObject({ smart_contract: { contract_address: USDT }, contract_state: { energy_usage: 14_663, energy_factor: 33_842 } });
    expect((await call(node, '/wallet/getcontract', { body: { value: hex(HOLDER) } })).text).toBe('{}');
  });
});

describe('getchainparameters', () => {
  it("is mainnet's list, with the fees and free bandwidth the options set", async () => {
    const node = await quietNode({ params: { energyFeeSun: 210n } });
    const list = ((await call(node, '/wallet/getchainparameters', { method: 'GET' })).json as { chainParameter: { key: string; value?: number }[] }).chainParameter;
    expect(list).toHaveLength(66);
    const value = (key: string): number | undefined => list.find((p) => p.key === key)?.value;
    expect([value('getEnergyFee'), value('getTransactionFee'), value('getFreeNetLimit'), value('getTotalEnergyCurrentLimit')]).toEqual([210, 1_000, 600, 180_000_000_000]);
    expect([value('getDynamicEnergyThreshold'), value('getDynamicEnergyMaxFactor'), value('getRemoveThePowerOfTheGr')]).toEqual([3_000_000_000, 34_000, -1]);
    expect(list.find((p) => p.key === 'getAllowUpdateAccountName')).toEqual({ key: 'getAllowUpdateAccountName' });
  });
});
