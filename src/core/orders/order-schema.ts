import type { Migration } from '../base/sqlite-file.ts';

/** Who asked for an assistant's order: the MCP client's name and the reason it gave (null on every other order). */
export const ASSISTANT_COLUMNS = ['assistant_client', 'assistant_reason'] as const;

/** A paid tool call the allowance refused (assistant-orders.ts RefusalRow): nothing was sent; the app tells the person. */
const REFUSALS_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS assistant_refusals (
    seq INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    client TEXT NOT NULL,
    reason TEXT NOT NULL,
    address TEXT NOT NULL,
    kind TEXT NOT NULL,
    count INTEGER,
    cost_sun TEXT,
    why TEXT NOT NULL,
    limit_sun TEXT
  );
`;

/**
 * The order store's schema, one forward migration per version (PRAGMA
 * user_version). A new version appends a migration; none is ever edited once
 * released. Adding a table or a nullable column is a migration of a few lines
 * (the auto top-up decisions are created with the first decision instead:
 * rule-orders.ts, with the rest of auto top-up's storage).
 *
 * Money is decimal text of integer SUN, exactly as the app holds it (bigint):
 * the reader then accepts everything the writer can write, and sums are done
 * in bigint (order-history.ts). Enumerations (kind, state) are checked by the
 * row reader, not by CHECK constraints, so that a later state is a code change
 * and not a table rebuild.
 */
export const ORDER_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    up: (db) =>
      db.exec(`
        CREATE TABLE orders (
          seq INTEGER PRIMARY KEY,
          local_id TEXT NOT NULL UNIQUE,
          profile_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          address TEXT NOT NULL,
          resource TEXT,
          count INTEGER,
          period TEXT,
          order_sn TEXT,
          order_id INTEGER,
          quoted_sun TEXT,
          charged_sun TEXT,
          would_burn_sun TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          last_polled_at INTEGER,
          attempts INTEGER NOT NULL DEFAULT 0,
          state TEXT NOT NULL,
          server_status TEXT,
          tx_ids TEXT NOT NULL DEFAULT '[]',
          error TEXT,
          finished_at INTEGER,
          notified_at INTEGER,
          preset_id TEXT,
          origin TEXT NOT NULL DEFAULT 'app',
          origin_pid INTEGER
        );
        -- History pages, date ranges and today's spend.
        CREATE INDEX orders_by_created ON orders (created_at);
        -- A status filter reads one range; a poll answer does not touch it (the state does not change).
        CREATE INDEX orders_by_state ON orders (state, created_at);
        CREATE INDEX orders_by_address ON orders (address, created_at);
        -- What a start loads into memory: orders still under way or not yet notified.
        CREATE INDEX orders_open ON orders (created_at)
          WHERE state IN ('submitting', 'running', 'stalled') OR notified_at IS NULL;
        -- "Saved this month" (wallets): the orders that succeeded since a day, without walking the history.
        CREATE INDEX orders_succeeded_by_finished ON orders (finished_at) WHERE state = 'succeeded';
        -- Whether a timed order was reclaimed.
        CREATE INDEX orders_reclaims ON orders (order_sn) WHERE kind = 'reclaim';
        -- Text search by the start of an order number, order id or tx id (lower case). The order's
        -- state is kept beside each term, so a search with a status filter is counted from this
        -- table alone; it changes with the state (a few times per order), not with each poll.
        CREATE TABLE order_terms (
          term TEXT NOT NULL,
          seq INTEGER NOT NULL REFERENCES orders (seq),
          state TEXT NOT NULL,
          PRIMARY KEY (term, seq)
        ) WITHOUT ROWID;
        CREATE INDEX order_terms_by_seq ON order_terms (seq);
        -- Records that could not be read (a damaged orders.json entry, a damaged row), kept for a person to look at.
        CREATE TABLE set_aside (
          id INTEGER PRIMARY KEY,
          at INTEGER NOT NULL,
          source TEXT NOT NULL,
          reason TEXT NOT NULL,
          record TEXT NOT NULL
        );
      `),
  },
  {
    // Auto top-up (issue 15, ADR 0013, 0015): the rule that placed an order. A rule's day reads the day's
    // orders through orders_by_created. One changed page: on a nearly full disk (64 KiB, disk-full.test.ts)
    // a new store must still leave room for an order.
    version: 2,
    up: (db) => db.exec('ALTER TABLE orders ADD COLUMN rule_id TEXT'),
  },
  {
    // The quotes the app makes (issue 23: the price sparklines), kept beside the orders: one row a price per
    // kind, resource and period when it changes or at most every few minutes (price-log.ts), a quarter of a
    // year at most. The unit price is the service's `price` (SUN a unit, a timed order's for its period).
    version: 3,
    up: (db) =>
      db.exec(`
        CREATE TABLE quotes (
          seq INTEGER PRIMARY KEY,
          at INTEGER NOT NULL,
          kind TEXT NOT NULL,
          resource TEXT NOT NULL,
          period TEXT,
          count INTEGER NOT NULL,
          unit_price_sun TEXT NOT NULL,
          amount_sun TEXT NOT NULL
        );
        CREATE INDEX quotes_by_time ON quotes (at);
      `),
  },
  {
    // An AI assistant's purchases (issue 27, the MCP server): who asked and why on each order it placed, and
    // the paid tool calls its allowance refused, written for the running app to notice (assistant-orders.ts).
    // A store of version 3 may already hold them: the release before this migration added them at runtime,
    // with the first assistant order or refusal. So each is added only when missing, and nothing is rewritten.
    version: 4,
    up: (db) => {
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').all('orders') as Array<{ name: string }>;
      const present = new Set(columns.map((c) => c.name));
      for (const column of ASSISTANT_COLUMNS) if (!present.has(column)) db.exec(`ALTER TABLE orders ADD COLUMN ${column} TEXT`);
      db.exec(REFUSALS_TABLE_SQL);
    },
  },
];

export const ORDER_SCHEMA_VERSION = ORDER_MIGRATIONS.at(-1)!.version;

