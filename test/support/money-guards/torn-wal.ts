import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { cpSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { AppServices } from '../../../src/core/app/app-wiring.ts';
import { dailyLimitStatus } from '../../../src/core/orders/paid-order.ts';
import { DEMO_ADDRESS } from '../../../src/core/app/app-service.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { MemoryCredentialStore } from '../../../src/core/credentials/memory-store.ts';
import { CHECKPOINT_AFTER_PAID_MS } from '../../../src/core/orders/store-guard.ts';
import { startSimulator } from '../../../src/core/simulator/index.ts';
import { profileDataDir } from '../../../src/core/settings/user-data-dir.ts';
import { listOrders, startAppOnFakeDesktop, type AppOnFakeDesktop } from '../fake-desktop.ts';
import { tempDir } from '../temp-dir.ts';

/**
 * Issue 21 item 6 through the real AppService: four paid orders (the app's
 * own paid path, against the simulator), then the profile's folder as a
 * crash or a disk fault would leave it, with orders.sqlite-wal cut to half
 * its length, started by a second app. `tear: false` is the control (the same
 * image, intact); `afterCheckpoint: true` lets the checkpoint that follows
 * paid intents run before the image is taken.
 */

const USER = { apiKey: 'torn-wal-key-0001', secret: 'torn-wal-secret-0001', trxSun: 10_000_000_000n, usdtMicros: 0n };
export const PAID_ORDERS = 4;

export interface TornWalRun {
  /** Today's spend as the first app counted it after the four orders (the figure the mark recorded). */
  recordedSun: bigint;
  /** Today's spend as the restarted app's daily limit counts it. */
  spentAfterSun: bigint;
  ordersBefore: number;
  ordersAfter: number;
  /** The restarted app's in-app notices about the store. */
  damageNotices: string[];
}

const sumSpent = (services: AppServices): bigint => {
  const session = services.sessions.current();
  if (!session) throw new Error('no session');
  return dailyLimitStatus({ journal: session.journal, limit: services.limit }).spentSun;
};

async function app(overrides: Parameters<typeof startAppOnFakeDesktop>[0]): Promise<{ h: AppOnFakeDesktop; services: () => AppServices }> {
  let wired: AppServices | undefined;
  const h = await startAppOnFakeDesktop({ ...overrides, onWired: (s) => (wired = s) });
  return { h, services: () => wired as AppServices };
}

export async function tornWalRun(options: { tear: boolean; afterCheckpoint?: boolean }): Promise<TornWalRun> {
  const sim = await startSimulator({ users: [USER], timing: { timedOrderMs: 60_000 } });
  const clock = new VirtualClock(Date.now());
  const credentialStore = new MemoryCredentialStore();
  // The first app on a clock that moves only when told: the checkpoint after paid intents has not run yet.
  const first = await app({ clock, credentialStore });
  const apps = [first.h];
  const image = tempDir('torn-wal');
  try {
    await first.h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
    for (let i = 0; i < PAID_ORDERS; i++) {
      await first.h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000 + i * 1_000, period: '1h' });
    }
    if (options.afterCheckpoint) {
      const due = clock.now() + CHECKPOINT_AFTER_PAID_MS;
      while ((clock.nextAt() ?? Infinity) <= due) clock.step();
    }
    const recordedSun = sumSpent(first.services());
    const ordersBefore = listOrders(first.h.service).length;
    const profileId = (await first.h.service.services.state.view()).activeProfileId ?? '';
    // What a crash or a disk fault leaves, copied while the first app still holds the files open.
    cpSync(first.h.userDataDir, image, { recursive: true });
    const wal = join(profileDataDir(image, profileId), 'orders.sqlite-wal');
    if (options.tear) truncateSync(wal, Math.floor(statSync(wal).size / 2));
    const second = await app({ userDataDir: image, credentialStore });
    apps.push(second.h);
    const notices = (await second.h.service.services.state.view()).notices.map(englishText);
    return {
      recordedSun,
      spentAfterSun: sumSpent(second.services()),
      ordersBefore,
      ordersAfter: listOrders(second.h.service).length,
      damageNotices: notices.filter((n) => /order store/i.test(n)),
    };
  } finally {
    for (const started of apps) await started.service.stop().catch(() => undefined);
    await sim.close();
    rmSync(image, { recursive: true, force: true });
    for (const entry of readdirSync(first.h.userDataDir)) rmSync(join(first.h.userDataDir, entry), { recursive: true, force: true });
  }
}

export interface TornWalResult {
  torn: TornWalRun;
  intact: TornWalRun;
  /** 1 when the torn store's restart named the loss and counted at least the recorded spend, and the intact one said nothing. */
  noticed: number;
}

export async function tornWalScenario(): Promise<TornWalResult> {
  const torn = await tornWalRun({ tear: true });
  const intact = await tornWalRun({ tear: false });
  const tornNamed = torn.ordersAfter < torn.ordersBefore && torn.damageNotices.length === 1 && torn.spentAfterSun >= torn.recordedSun;
  const noticed = tornNamed && intact.damageNotices.length === 0 ? 1 : 0;
  return { torn, intact, noticed };
}
