import type { AccountSnapshot, UsageCounter } from '../chain/account-snapshot.ts';
import type { BlockPlace } from '../chain/block-follower.ts';
import type { OrderStore } from './order-store.ts';

/**
 * What the wallet watcher keeps in the profile's order store (migration 5):
 * each watched address's last full read, so its energy is predicted from the
 * first moment after a restart, and where following the chain stopped, with
 * the requests the node's key has had today. Best effort, like the price
 * log: a write that fails (a full disk, a busy store) is dropped, and what
 * cannot be read back is read from the node again.
 */

export interface StoredRead {
  snapshot: AccountSnapshot;
  startedAt: number;
  readAt: number;
}

export interface StoredFollow {
  head: BlockPlace;
  /** The UTC day the count is of, and the requests of that day. */
  budgetDay: number;
  budgetUsed: number;
}

interface SqlRead {
  address: string;
  node_url: string;
  started_at: number;
  read_at: number;
  snapshot: string;
}

interface SqlFollow {
  block_number: number;
  block_id: string;
  block_time: number;
  budget_day: number;
  budget_used: number;
}

const counterText = (c: UsageCounter): object => ({
  used: c.used.toString(),
  consumedAtMs: c.consumedAtMs,
  window: c.window.toString(),
  readSlots: c.readSlots,
});

function snapshotText(s: AccountSnapshot): string {
  return JSON.stringify({
    activated: s.activated,
    trxSun: s.trxSun.toString(),
    energyLimit: s.energyLimit.toString(),
    netLimit: s.netLimit.toString(),
    freeNetLimit: s.freeNetLimit.toString(),
    energy: counterText(s.energy),
    net: counterText(s.net),
    freeNet: counterText(s.freeNet),
  });
}

const WHOLE = /^\d{1,30}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown): bigint | null => (typeof v === 'string' && WHOLE.test(v) ? BigInt(v) : null);
const safe = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

function counterOf(v: unknown): UsageCounter | null {
  if (!isRecord(v)) return null;
  const used = whole(v['used']);
  const window = whole(v['window']);
  const consumedAtMs = safe(v['consumedAtMs']);
  const readSlots = safe(v['readSlots']);
  return used === null || window === null || consumedAtMs === null || readSlots === null ? null : { used, window, consumedAtMs, readSlots };
}

/** The stored text back as a snapshot, or null when any part of it is not what the writer writes. */
export function snapshotFrom(address: string, text: string): AccountSnapshot | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(v) || typeof v['activated'] !== 'boolean') return null;
  const [trxSun, energyLimit] = [whole(v['trxSun']), whole(v['energyLimit'])];
  const [netLimit, freeNetLimit] = [whole(v['netLimit']), whole(v['freeNetLimit'])];
  const [energy, net, freeNet] = [counterOf(v['energy']), counterOf(v['net']), counterOf(v['freeNet'])];
  if (trxSun === null || energyLimit === null || netLimit === null || freeNetLimit === null || !energy || !net || !freeNet) return null;
  return { address, activated: v['activated'], trxSun, energyLimit, netLimit, freeNetLimit, energy, net, freeNet };
}

export class ChainMemory {
  private readonly store: OrderStore;

  constructor(store: OrderStore) {
    this.store = store;
  }

  /**
   * The reads kept of these addresses from this node. Others are forgotten: an
   * address no longer watched, and every read of another node (a new node
   * starts the wallets over, as its wait and its cursor do).
   */
  reads(nodeUrl: string, addresses: ReadonlySet<string>): Map<string, StoredRead> {
    const found = new Map<string, StoredRead>();
    const gone: string[] = [];
    const select = this.store.statement('SELECT address, node_url, started_at, read_at, snapshot FROM wallet_reads');
    const rows = select.iterate() as Iterable<SqlRead>;
    for (const row of rows) {
      const snapshot = row.node_url === nodeUrl && addresses.has(row.address) ? snapshotFrom(row.address, row.snapshot) : null;
      if (snapshot) found.set(row.address, { snapshot, startedAt: row.started_at, readAt: row.read_at });
      else gone.push(row.address);
    }
    this.bestEffort(() => {
      const drop = this.store.statement('DELETE FROM wallet_reads WHERE address = ?');
      for (const address of gone) drop.run(address);
    });
    return found;
  }

  saveRead(nodeUrl: string, read: StoredRead): void {
    this.bestEffort(() =>
      this.store
        .statement('INSERT OR REPLACE INTO wallet_reads (address, node_url, started_at, read_at, snapshot) VALUES (?, ?, ?, ?, ?)')
        .run(read.snapshot.address, nodeUrl, read.startedAt, read.readAt, snapshotText(read.snapshot)),
    );
  }

  follow(nodeUrl: string): StoredFollow | null {
    const row = this.store.statement('SELECT * FROM chain_follow WHERE node_url = ?').get(nodeUrl) as SqlFollow | undefined;
    if (!row || !/^[0-9a-f]{64}$/.test(row.block_id)) return null;
    const head = { number: row.block_number, id: row.block_id, timestamp: row.block_time };
    return { head, budgetDay: row.budget_day, budgetUsed: row.budget_used };
  }

  saveFollow(nodeUrl: string, follow: StoredFollow): void {
    this.bestEffort(() =>
      this.store
        .statement(
          'INSERT OR REPLACE INTO chain_follow (node_url, block_number, block_id, block_time, budget_day, budget_used) ' +
            'VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(nodeUrl, follow.head.number, follow.head.id, follow.head.timestamp, follow.budgetDay, follow.budgetUsed),
    );
  }

  private bestEffort(work: () => void): void {
    try {
      this.store.transaction(work);
    } catch {
      // Kept to save requests, never needed: the node is read again.
    }
  }
}
