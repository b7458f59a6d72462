import { unitsToDecimalString } from '../base/money.ts';
import type { SpendTotal } from './order-history.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * An order as an exported record (the CSV's columns, the CLI's --json
 * objects): amounts exact as integer SUN and as a TRX decimal, both strings
 * (JSON numbers would round above 2^53), times ISO 8601 in UTC.
 */
export interface OrderRecord {
  created_at: string;
  local_id: string;
  kind: string;
  state: string;
  address: string;
  resource: string | null;
  count: number | null;
  period: string | null;
  order_sn: string | null;
  order_id: number | null;
  quoted_sun: string | null;
  charged_sun: string | null;
  quoted_trx: string | null;
  charged_trx: string | null;
  tx_ids: string[];
  server_status: string | null;
  error: string | null;
  finished_at: string | null;
  preset_id: string | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const sun = (v: bigint | null): string | null => (v === null ? null : v.toString());
const trx = (v: bigint | null): string | null => (v === null ? null : unitsToDecimalString(v));

export function orderRecord(o: TrackedOrder): OrderRecord {
  return {
    created_at: iso(o.createdAt)!,
    local_id: o.localId,
    kind: o.kind,
    state: o.state,
    address: o.address,
    resource: o.resource,
    count: o.count,
    period: o.period,
    order_sn: o.orderSn,
    order_id: o.orderId,
    quoted_sun: sun(o.quotedSun),
    charged_sun: sun(o.chargedSun),
    quoted_trx: trx(o.quotedSun),
    charged_trx: trx(o.chargedSun),
    tx_ids: [...o.txIds],
    server_status: o.serverStatus,
    error: o.error,
    finished_at: iso(o.finishedAt),
    preset_id: o.presetId,
  };
}

export interface TotalRecord {
  period: string;
  orders: number;
  spent_sun: string;
  uncertain_sun: string;
  spent_trx: string;
  uncertain_trx: string;
}

export function totalRecord(t: SpendTotal): TotalRecord {
  return {
    period: t.period,
    orders: t.orders,
    spent_sun: t.spentSun.toString(),
    uncertain_sun: t.uncertainSun.toString(),
    spent_trx: unitsToDecimalString(t.spentSun),
    uncertain_trx: unitsToDecimalString(t.uncertainSun),
  };
}
