import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { MemoryCredentialStore } from '../../src/core/credentials/memory-store.ts';
import { seedHistory } from '../../bench/history-seed.ts';
import { FakeApproval } from './fake-approval.ts';
import { startAppOnFakeDesktop } from './fake-desktop.ts';

export const UX_KEY = 'ux-user-key-51c2';
const UX_SECRET = 'ux-user-secret-88e0a1';

/**
 * A saved account (profile in the settings, key and secret in a memory
 * keychain) whose order store holds `orders` finished orders, ready to be
 * opened by a fresh app: `deps` go to openApp. The service it points at can
 * be stopped (service down) and started again on the same port (recovery),
 * and the stored secret can be spoiled (authentication failed).
 */
export interface SavedAccount {
  deps: { userDataDir: string; credentialStore: MemoryCredentialStore };
  profileId: string;
  /** null while the service is down. */
  sim: Simulator | null;
  port: number;
  serviceDown(): Promise<void>;
  serviceUp(): Promise<void>;
  spoilSecret(): Promise<void>;
  close(): Promise<void>;
}

const users = [{ apiKey: UX_KEY, secret: UX_SECRET, trxSun: 500_000_000n, usdtMicros: 12_500_000n }];

export async function savedAccount(orders: number): Promise<SavedAccount> {
  let sim: Simulator | null = await startSimulator({ users });
  const port = Number(new URL(sim.baseUrl).port);
  const store = new MemoryCredentialStore();
  const app = await startAppOnFakeDesktop({ credentialStore: store, approval: new FakeApproval(false).approveNext() });
  await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: UX_KEY, apiSecret: UX_SECRET });
  const state = app.service.services.state.view();
  await app.service.stop();
  const profileId = state.activeProfileId!;
  if (orders > 0) seedHistory(profileDataDir(app.userDataDir, profileId), orders);
  const account: SavedAccount = {
    deps: { userDataDir: app.userDataDir, credentialStore: store },
    profileId,
    get sim() {
      return sim;
    },
    port,
    async serviceDown() {
      await sim?.close();
      sim = null;
    },
    async serviceUp() {
      sim ??= await startSimulator({ users, port });
    },
    async spoilSecret() {
      await store.set(profileId, { apiKey: UX_KEY, apiSecret: 'not-the-secret' });
    },
    async close() {
      await sim?.close();
      sim = null;
    },
  };
  return account;
}
