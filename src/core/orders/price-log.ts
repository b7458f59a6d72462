import type { Sun } from '../base/money.ts';
import type { OrderStore } from './order-store.ts';

/** One price the service quoted: what for, and the unit price (SUN a unit) with the total. */
export interface QuoteRecord {
  at: number;
  kind: 'timed' | 'fast_recover';
  resource: 'energy' | 'net';
  /** A timed order's period; null for a fast recover. */
  period: string | null;
  count: number;
  unitPriceSun: Sun;
  amountSun: Sun;
}

/** The prices of one kind, resource and period over time, oldest first. */
export interface PriceSeries {
  kind: QuoteRecord['kind'];
  resource: QuoteRecord['resource'];
  period: string | null;
  points: Array<{ at: number; unitPriceSun: Sun }>;
}

/** A price that did not change is written again only after this long: enough points for a week's line, few writes. */
export const SAME_PRICE_EVERY_MS = 10 * 60_000;
/** Quotes older than this are removed (once a session, at its first write). */
export const KEEP_QUOTES_MS = 92 * 24 * 3_600_000;
/** At most this many points of one series in an answer (the newest). */
export const MAX_POINTS = 2_000;

const keyOf = (q: Pick<QuoteRecord, 'kind' | 'resource' | 'period'>): string => `${q.kind}|${q.resource}|${q.period ?? ''}`;

interface SqlQuote {
  at: number;
  kind: string;
  resource: string;
  period: string | null;
  unit_price_sun: string;
}

/**
 * The quotes the app makes, kept in the profile's order store (migration 3)
 * for the price sparklines. Best effort: a quote that cannot be written (a
 * full disk, a busy store) is simply not kept, and a quote, or an order, never
 * fails for it. A price is written when it changed for its kind, resource and
 * period, or when the last one is SAME_PRICE_EVERY_MS old, so a tray that
 * re-quotes every minute costs a few writes an hour.
 */
export class PriceLog {
  private readonly store: OrderStore;
  private readonly last = new Map<string, { at: number; unitPriceSun: Sun }>();
  private pruned = false;

  constructor(store: OrderStore) {
    this.store = store;
  }

  /** Keeps `quote` if it says something new; returns whether it was written. */
  record(quote: QuoteRecord): boolean {
    const key = keyOf(quote);
    const before = this.last.get(key);
    if (before && before.unitPriceSun === quote.unitPriceSun && quote.at - before.at < SAME_PRICE_EVERY_MS) return false;
    try {
      this.store.transaction(() => {
        if (!this.pruned) this.store.statement('DELETE FROM quotes WHERE at < ?').run(quote.at - KEEP_QUOTES_MS);
        this.store
          .statement('INSERT INTO quotes (at, kind, resource, period, count, unit_price_sun, amount_sun) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(quote.at, quote.kind, quote.resource, quote.period, quote.count, quote.unitPriceSun.toString(), quote.amountSun.toString());
      });
    } catch {
      return false;
    }
    this.pruned = true;
    this.last.set(key, { at: quote.at, unitPriceSun: quote.unitPriceSun });
    return true;
  }

  /** Every series with a quote at or after `since`, each oldest first (the range of quotes_by_time, at most MAX_POINTS a series). */
  series(since: number): PriceSeries[] {
    const rows = this.store
      .statement('SELECT at, kind, resource, period, unit_price_sun FROM quotes WHERE at >= ? ORDER BY at DESC, seq DESC')
      .iterate(since);
    const found = new Map<string, PriceSeries>();
    for (const row of rows as Iterable<SqlQuote>) {
      if (
        (row.kind !== 'timed' && row.kind !== 'fast_recover') ||
        (row.resource !== 'energy' && row.resource !== 'net') ||
        !/^\d+$/.test(row.unit_price_sun)
      )
        continue;
      const key = keyOf({ kind: row.kind, resource: row.resource, period: row.period });
      let series = found.get(key);
      if (!series) {
        series = { kind: row.kind, resource: row.resource, period: row.period, points: [] };
        found.set(key, series);
      }
      if (series.points.length < MAX_POINTS) series.points.push({ at: row.at, unitPriceSun: BigInt(row.unit_price_sun) });
    }
    return [...found.values()].map((s) => ({ ...s, points: s.points.reverse() }));
  }
}
