import { describe, expect, it } from 'vitest';
import { ChainError } from '../../../src/core/chain/errors.ts';
import { clientFor, failure, HOLDER, NEWCOMER, startNode, STRANGER, WALLET } from './node-harness.ts';

/** The chain client against the TRON node simulator over loopback HTTP: every endpoint and its edge cases. */

describe('readResources / readAccount (getaccountresource, getaccount)', () => {
  it('reads energy, bandwidth and TRX of an activated account', async () => {
    const node = await startNode();
    node.transfer(WALLET, HOLDER, 1n); // uses 64,285 energy and 345 free bandwidth bytes
    const account = await clientFor(node).readAccount(WALLET);
    expect(account).toEqual({
      address: WALLET,
      activated: true,
      trxSun: 12_000_000n,
      energy: { limit: 100_000n, used: 64_285n, available: 35_715n },
      bandwidth: { freeLimit: 600n, freeUsed: 345n, limit: 0n, used: 0n, available: 255n },
    });
    const body = node.requests.find((r) => r.path === '/wallet/getaccountresource')?.body;
    expect(body).toEqual({ address: WALLET, visible: true });
  });

  it('treats the `{}` of an unactivated account as not activated, with zeros, in one request', async () => {
    const node = await startNode();
    const reading = await clientFor(node).readResources(STRANGER);
    expect(reading.activated).toBe(false);
    expect(reading.energy).toEqual({ limit: 0n, used: 0n, available: 0n });
    expect(reading.bandwidth.available).toBe(0n);
    expect(node.requestCount()).toBe(1);
    const account = await clientFor(node).readAccount(STRANGER);
    expect(account).toMatchObject({ activated: false, trxSun: 0n });
  });

  it('reads absent keys as 0 (no staked energy, no balance)', async () => {
    const node = await startNode({ wallets: [{ address: NEWCOMER }] });
    const account = await clientFor(node).readAccount(NEWCOMER);
    expect(account).toMatchObject({ activated: true, trxSun: 0n, energy: { limit: 0n, used: 0n, available: 0n } });
    expect(account.bandwidth).toEqual({ freeLimit: 600n, freeUsed: 0n, limit: 0n, used: 0n, available: 600n });
  });

  it('keeps every digit of an int64 balance beyond 2^53', async () => {
    const huge = 2n ** 62n + 7n; // a double would round it
    const node = await startNode({ wallets: [{ address: WALLET, trxSun: huge, stakedEnergy: 2n ** 53n + 1n }] });
    const account = await clientFor(node).readAccount(WALLET);
    expect(account.trxSun).toBe(huge);
    expect(account.energy.limit).toBe(2n ** 53n + 1n);
  });

  it('never reports negative available energy when use exceeds a limit that shrank', async () => {
    const node = await startNode();
    node.transfer(WALLET, HOLDER, 1n);
    node.state.wallets.get(WALLET)!.stakedEnergy = 10_000n;
    const reading = await clientFor(node).readResources(WALLET);
    expect(reading.energy).toEqual({ limit: 10_000n, used: 64_285n, available: 0n });
  });
});

describe('estimateTransfer / usdtBalance (triggerconstantcontract)', () => {
  it('dry-runs transfer(address,uint256) and reports the recipient as holder', async () => {
    const node = await startNode();
    const estimate = await clientFor(node).estimateTransfer(WALLET, HOLDER, 2_500_000n);
    expect(estimate).toEqual({
      from: WALLET,
      to: HOLDER,
      amountMicros: 2_500_000n,
      energy: 64_285n,
      energyPenalty: 49_622n,
      recipientHoldsUsdt: true,
      bandwidth: 345n,
    });
    const dryRun = node.requests.find((r) => (r.body as { function_selector?: string }).function_selector === 'transfer(address,uint256)');
    const parameter = (dryRun?.body as { parameter: string }).parameter;
    expect(parameter).toMatch(/^0{24}[0-9a-f]{40}0{58}2625a0$/); // 2,500,000 = 0x2625a0
    expect(dryRun?.body).toMatchObject({ owner_address: WALLET, contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', visible: true });
  });

  it('costs more for a recipient without USDT', async () => {
    const node = await startNode();
    const estimate = await clientFor(node).estimateTransfer(WALLET, NEWCOMER);
    expect(estimate).toMatchObject({ energy: 130_285n, recipientHoldsUsdt: false, amountMicros: 1n });
  });

  it('takes energy_used as the total: the penalty is already in it', async () => {
    const node = await startNode({ energy: { holderBase: 20_000n, energyFactor: 15_000n } });
    const estimate = await clientFor(node).estimateTransfer(WALLET, HOLDER);
    expect(estimate.energy).toBe(50_000n);
    expect(estimate.energyPenalty).toBe(30_000n);
  });

  it('reads balanceOf exactly', async () => {
    const node = await startNode();
    node.state.usdt.set(HOLDER, 2n ** 70n + 3n);
    expect(await clientFor(node).usdtBalance(HOLDER)).toBe(2n ** 70n + 3n);
    expect(await clientFor(node).usdtBalance(STRANGER)).toBe(0n);
  });

  it('reports a dry run that reverts (the sender lacks the USDT) with the decoded reason', async () => {
    const node = await startNode();
    const err = await failure(() => clientFor(node).estimateTransfer(WALLET, HOLDER, 5_000_001n));
    expect(err).toBeInstanceOf(ChainError);
    expect((err as ChainError).kind).toBe('reverted');
    expect((err as ChainError).facts.nodeMessage).toBe('transfer amount exceeds balance');
  });

  it('reports a contract that does not exist as not-found', async () => {
    const node = await startNode();
    const client = clientFor(node, { usdtContract: HOLDER });
    const err = await failure(() => client.usdtBalance(WALLET));
    expect((err as ChainError).kind).toBe('not-found');
    expect((err as ChainError).facts.nodeMessage).toBe('Smart contract is not exist.');
  });
});

describe('chainFees (getchainparameters)', () => {
  it('reads getEnergyFee and getTransactionFee in SUN', async () => {
    const node = await startNode({ params: { energyFeeSun: 210n, transactionFeeSun: 1_000n } });
    expect(await clientFor(node).chainFees()).toEqual({ energyFeeSun: 210n, bandwidthFeeSun: 1_000n });
  });

  it('reads a parameter written without a value as 0', async () => {
    const node = await startNode({ params: { energyFeeSun: 0n } });
    expect((await clientFor(node).chainFees()).energyFeeSun).toBe(0n);
  });

  it('refuses a parameter list without the fees', async () => {
    const node = await startNode();
    node.faults.inject('/wallet/getchainparameters', { kind: 'node-error' });
    const err = await failure(() => clientFor(node).chainFees());
    expect((err as ChainError).kind).toBe('rejected');
  });
});

describe('local checks', () => {
  it('refuses invalid addresses and amounts before sending anything', async () => {
    const node = await startNode();
    const client = clientFor(node);
    const bad = [
      () => client.readResources('T-not-an-address'),
      () => client.readAccount(WALLET.slice(0, -1) + (WALLET.endsWith('a') ? 'b' : 'a')),
      () => client.estimateTransfer(WALLET, 'nope'),
      () => client.estimateTransfer(WALLET, HOLDER, 0n),
      () => client.usdtBalance(''),
    ];
    for (const call of bad) {
      const err = await failure(call);
      expect((err as ChainError).kind).toBe('invalid-input');
      expect((err as ChainError).message).toContain('Nothing was sent');
    }
    expect(node.requestCount()).toBe(0);
  });

  it('allows plain http only to this computer', () => {
    expect(() => clientFor({ baseUrl: 'http://node.example.com' })).toThrow(/https/);
    expect(() => clientFor({ baseUrl: 'https://user:pw@node.example.com' })).toThrow(/user name or password/);
    expect(clientFor({ baseUrl: 'http://127.0.0.1:9/wallet/' }).nodeUrl).toBe('http://127.0.0.1:9');
    expect(clientFor({ baseUrl: 'https://api.trongrid.io/' }).nodeUrl).toBe('https://api.trongrid.io');
  });
});
