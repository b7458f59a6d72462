import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const USER = { apiKey: 'node-wait-key-12345', secret: 'node-wait-secret-12345', trxSun: 100_000_000n, usdtMicros: 0n };
const WALLET = tronAddressFromSeed('node-wait-wallet');
const TEN_MINUTES = 600_000;

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const node = async (): Promise<NodeSimulator> => {
  const started = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 7_000_000n, stakedEnergy: 70_000n }] });
  open.push(started);
  return started;
};

function limitAlways(n: NodeSimulator): void {
  for (const path of ['/wallet/getaccountresource', '/wallet/getaccount']) n.faults.inject(path, { kind: 'rate-limit', retryAfter: '999999' }, { times: 'always' });
}

/** The app's wallets on a node that answered 429 with Retry-After: 999999 a moment ago. */
async function waitingOnNode(): Promise<{ h: AppOnFakeDesktop; limited: NodeSimulator }> {
  const sim = await startSimulator({ users: [USER] });
  const limited = await node();
  const h = await startAppOnFakeDesktop();
  open.push(sim, { close: () => h.service.stop() });
  await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  await h.service.services.node.setNodeUrl(limited.baseUrl);
  const added = await h.service.services.wallets.add({ address: WALLET, label: 'Ops', plan: 'holder', exactRecipient: null, topUpTransfers: 1 });
  await expect.poll(() => h.service.services.wallets.list().wallets[0]?.readAt ?? null, { timeout: 5_000 }).not.toBeNull();
  limitAlways(limited);
  await h.service.services.wallets.refresh(added.wallets.wallets[0]!.id);
  const wallet = h.service.services.wallets.list().wallets[0]!;
  expect(englishText(wallet.error!)).toMatch(/rate|limit|try again/i);
  // The wait it shows is the capped one: 10 minutes, not 11.6 days.
  expect(wallet.retryAt).not.toBeNull();
  expect(wallet.retryAt! - Date.now()).toBeLessThanOrEqual(TEN_MINUTES);
  expect(wallet.retryAt! - Date.now()).toBeGreaterThan(TEN_MINUTES - 10_000);
  return { h, limited };
}

describe("a node's wait ends when the node or its key changes", () => {
  it('holds reads of the limiting node, and a new node URL is read at once', async () => {
    const { h, limited } = await waitingOnNode();
    const asked = limited.requestCount();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(limited.requestCount()).toBe(asked);
    const other = await node();
    await h.service.services.node.setNodeUrl(other.baseUrl);
    await expect.poll(() => other.requestCount('/wallet/getaccountresource'), { timeout: 3_000 }).toBeGreaterThan(0);
    await expect.poll(() => h.service.services.wallets.list().wallets[0]?.error, { timeout: 3_000 }).toBeNull();
    expect(h.service.services.wallets.list().wallets[0]?.retryAt).toBeNull();
  });

  it('a new provider key for the same node starts over too', async () => {
    const { h, limited } = await waitingOnNode();
    const asked = limited.requestCount();
    limited.faults.clear();
    await h.service.services.node.setNodeKey('0f1c0b7e-8d5a-4c2e-9b61-0a7d2e4f9c13');
    await expect.poll(() => limited.requestCount(), { timeout: 3_000 }).toBeGreaterThan(asked);
    await expect.poll(() => h.service.services.wallets.list().wallets[0]?.error, { timeout: 3_000 }).toBeNull();
  });
});
