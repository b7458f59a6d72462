import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_KEY_ENTRY } from '../../../../src/core/credentials/node-key-store.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const USER = { apiKey: 'node-conn-key-12345', secret: 'node-conn-secret-12345', trxSun: 100_000_000n, usdtMicros: 0n };
const PROVIDER_KEY = '3f1c0b7e-8d5a-4c2e-9b61-0a7d2e4f9c13';
const WALLET = tronAddressFromSeed('node-connection-wallet');

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function account(): Promise<{ h: AppOnFakeDesktop; sim: Simulator; node: NodeSimulator; other: NodeSimulator }> {
  const sim = await startSimulator({ users: [USER] });
  const node = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 7_000_000n, stakedEnergy: 70_000n }], apiKey: PROVIDER_KEY });
  const other = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 1n }] });
  const h = await startAppOnFakeDesktop({ walletCadence: { idleMs: 300, trxEveryMs: 1_000 } });
  open.push(sim, node, other, { close: () => h.service.stop() });
  await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  return { h, sim, node, other };
}

const settingsFile = (h: AppOnFakeDesktop): string => readFileSync(join(h.userDataDir, 'settings.json'), 'utf8');

describe('the TRON node of an account (NodeConnection)', () => {
  it('defaults to TronGrid, takes another node URL, and refuses plain http to another computer', async () => {
    const { h, node } = await account();
    expect(await h.service.services.node.view()).toMatchObject({ nodeUrl: 'https://api.trongrid.io', isDefault: true, demo: false, keySaved: false });
    const refused = await h.service.services.node.setNodeUrl('http://node.example.com').catch((e: unknown) => e);
    expect(toIpcError(refused)).toMatchObject({ code: 'invalid_input' });
    expect(toIpcError(refused).message).toMatch(/must use https/);
    const view = await h.service.services.node.setNodeUrl(`${node.baseUrl}/wallet/`);
    expect(view).toMatchObject({ nodeUrl: node.baseUrl, configuredUrl: node.baseUrl, isDefault: false });
    await h.service.services.sessions.startDemo();
    expect(await h.service.services.node.view()).toMatchObject({ demo: true, configuredUrl: node.baseUrl, isDefault: false });
    expect((await h.service.services.node.view()).nodeUrl).not.toBe(node.baseUrl);
    await h.service.services.sessions.stopDemo();
    expect(JSON.parse(settingsFile(h)).nodeUrl).toBe(node.baseUrl);
    expect(await h.service.services.node.setNodeUrl(null)).toMatchObject({ nodeUrl: 'https://api.trongrid.io', isDefault: true });
    expect(JSON.parse(settingsFile(h)).nodeUrl).toBeNull();
  });

  it('keeps the provider key in the keychain, sends it only to the node it was saved for, and never shows it', async () => {
    const { h, node, other } = await account();
    await h.service.services.node.setNodeUrl(node.baseUrl);
    const saved = await h.service.services.node.setNodeKey(` ${PROVIDER_KEY} `);
    expect(saved).toMatchObject({ keySaved: true, keyForThisNode: true });
    expect(JSON.stringify(saved)).not.toContain(PROVIDER_KEY);
    expect(await h.store.get(NODE_KEY_ENTRY)).toEqual({ apiKey: node.baseUrl, apiSecret: PROVIDER_KEY });
    await h.service.services.wallets.add({ address: WALLET, label: 'Ops', plan: 'holder', exactRecipient: null, topUpTransfers: 1 });
    await expect.poll(() => h.service.services.wallets.list().wallets[0]?.energy?.available, { timeout: 5_000 }).toBe('70000');
    expect(node.requests.length).toBeGreaterThan(0);
    expect(node.requests.every((r) => r.key === 'valid')).toBe(true);

    // Another node: the key stays behind; the wallet is read there without it.
    const moved = await h.service.services.node.setNodeUrl(other.baseUrl);
    expect(moved).toMatchObject({ keySaved: true, keyForThisNode: false });
    await expect.poll(() => h.service.services.wallets.list().wallets[0]?.trxSun, { timeout: 5_000 }).toBe('1');
    expect(other.requests.length).toBeGreaterThan(0);
    expect(other.requests.every((r) => r.key === 'absent')).toBe(true);
    expect(settingsFile(h)).not.toContain(PROVIDER_KEY);
    expect(JSON.stringify(h.events)).not.toContain(PROVIDER_KEY);

    expect(await h.service.services.node.clearNodeKey()).toMatchObject({ keySaved: false, keyForThisNode: false });
    expect(await h.store.get(NODE_KEY_ENTRY)).toBeNull();
  });

  it('a key the provider refuses shows as a node problem on the wallet, not as the service failing', async () => {
    const { h, node } = await account();
    await h.service.services.node.setNodeUrl(node.baseUrl);
    await h.service.services.node.setNodeKey('wrong-key-0000000');
    const added = await h.service.services.wallets.add({ address: WALLET, label: 'Ops', plan: 'holder', exactRecipient: null, topUpTransfers: 1 }).catch((e: unknown) => e);
    expect(toIpcError(added)).toMatchObject({ code: 'node' });
    expect(toIpcError(added).message).toMatch(/refused .*API key/);
  });

  it('saves watched wallets per profile in the settings file', async () => {
    const { h, node } = await account();
    await h.service.services.node.setNodeUrl(node.baseUrl);
    await h.service.services.node.setNodeKey(PROVIDER_KEY);
    await h.service.services.wallets.add({ address: WALLET, label: 'Ops', plan: 'new', exactRecipient: null, topUpTransfers: 3 });
    const stored = JSON.parse(settingsFile(h)) as { activeProfileId: string; wallets: Array<Record<string, unknown>> };
    expect(stored.wallets).toEqual([
      expect.objectContaining({ profileId: stored.activeProfileId, address: WALLET, label: 'Ops', plan: 'new', topUpTransfers: 3 }),
    ]);
    await h.service.services.sessions.startDemo();
    expect(h.service.services.wallets.list().wallets).toEqual([]);
    await h.service.services.sessions.stopDemo();
    expect(h.service.services.wallets.list().wallets.map((w) => w.label)).toEqual(['Ops']);
  });
});
