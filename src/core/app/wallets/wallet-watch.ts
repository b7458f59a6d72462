// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import type { Clock } from '../../base/clock.ts';
import type { PowerEvents } from '../../base/power-events.ts';
import type { ChainClient } from '../../chain/chain-client.ts';
import type { NodeFollowers } from '../../chain/node-followers.ts';
import type { ChainMemory } from '../../orders/chain-memory.ts';
import { WalletWatcher, type WalletCadence } from '../../wallets/wallet-watcher.ts';
import type { NodeConnection } from '../session/node-connection.ts';
import { userText } from '../../base/domain-error.ts';
import type { WalletReadings } from './wallet-views.ts';

export interface WalletWatchDeps {
  clock: Clock;
  node: NodeConnection;
  followers: NodeFollowers;
  power?: PowerEvents;
  cadence?: Partial<WalletCadence>;
}

/** Where the watch's news goes (WalletService). */
export interface WatchSink {
  /** A read, a TRX figure or a failed read of one address. */
  record(address: string, change: Partial<WalletReadings>): void;
  /** Something the views show beside the addresses changed: following failing or back, the budget's plan. */
  changed(): void;
}

/** The chain cursor and the day's count are written at most this often (and when the watch stops). */
const KEEP_FOLLOW_EVERY_MS = 60_000;

/**
 * The session's watcher over the node's client, with what it keeps in the
 * profile's order store (orders/chain-memory.ts): started from the reads and
 * the chain cursor of the last run, so a restart predicts every address at
 * once and only catches up on the blocks it missed; each read is kept as it
 * answers, the cursor and the day's request count once a minute and at the
 * end.
 */
export function startWalletWatch(
  deps: WalletWatchDeps,
  client: ChainClient,
  memory: ChainMemory | null,
  addresses: readonly string[],
  sink: WatchSink,
): WalletWatcher {
  const identity = deps.node.identity() ?? { nodeUrl: client.nodeUrl, keyFingerprint: null };
  const kept = memory?.follow(identity.nodeUrl) ?? null;
  const budget = deps.followers.budget(identity.nodeUrl, identity.keyFingerprint);
  if (kept) budget.restoreCount(kept.budgetDay, kept.budgetUsed);
  const watcher = new WalletWatcher({
    chain: client,
    clock: deps.clock,
    followers: deps.followers,
    nodeUrl: identity.nodeUrl,
    keyFingerprint: identity.keyFingerprint,
    resumeFrom: kept?.head ?? null,
    ...(deps.power ? { power: deps.power } : {}),
    ...(deps.cadence ? { cadence: deps.cadence } : {}),
  });
  watcher.watch(addresses);
  reportTo(watcher, sink);
  if (memory) {
    for (const [address, read] of memory.reads(identity.nodeUrl, new Set(addresses))) {
      watcher.restore(address, read.snapshot, read.startedAt, read.readAt);
    }
    let keptAt = -Infinity;
    const keep = (): void => {
      const head = watcher.health().follow?.head;
      const status = watcher.health().budget;
      if (!head || !status) return;
      keptAt = deps.clock.now();
      memory.saveFollow(identity.nodeUrl, { head, budgetDay: status.dayStart, budgetUsed: status.usedToday });
    };
    watcher.events.on('resources', ({ snapshot, startedAt, at }) => memory.saveRead(identity.nodeUrl, { snapshot, startedAt, readAt: at }));
    watcher.events.on('followed', ({ at }) => {
      if (at - keptAt >= KEEP_FOLLOW_EVERY_MS) keep();
    });
    watcher.events.on('stopping', keep);
  }
  return watcher;
}

/** Reads and failures go to the sink as they come; following failing or back, and the budget's plan, once per change. */
function reportTo(watcher: WalletWatcher, sink: WatchSink): void {
  watcher.events.on('resources', ({ address, reading, at, startedAt }) =>
    sink.record(address, { resources: { reading, at, startedAt }, error: null }),
  );
  watcher.events.on('trx', ({ address, trxSun, activated, at }) => sink.record(address, { trx: { trxSun, activated, at }, error: null }));
  watcher.events.on('failed', ({ address, error, at, retryInMs }) =>
    sink.record(address, { error: userText(error), failedAt: at, retryAt: at + retryInMs }),
  );
  let failing = false;
  const following = (now: boolean): void => {
    if (failing === now) return;
    failing = now;
    sink.changed();
  };
  watcher.events.on('followFailed', () => following(true));
  watcher.events.on('followed', () => following(false));
  watcher.events.on('budget', () => sink.changed());
}
