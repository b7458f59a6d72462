import { ENDPOINTS, type EndpointName } from '../../core/api/endpoints.ts';
import { encodeForm, type FormFields } from '../../core/api/form.ts';
import type { ServiceApi } from '../../core/api/types.ts';
import { energyShortfall, energyToOrder } from '../../core/wallets/need-estimate.ts';
import { typicalEnergyPerTransfer } from '../../core/wallets/transfer-need.ts';
import { energyPerTransfer } from '../../core/wallets/watched-wallet.ts';
import type { OrderIntent } from '../../core/orders/order-types.ts';
import { notCheaperThanBurning } from '../../shared/burn-cost.ts';
import type { McpSession } from './mcp-session.ts';
import { burnOf } from './readings.ts';
import { m, moneyPair } from './words.ts';

/** The period a top-up rents for, as the app's wallet top-ups do (core/app/top-up-need.ts). */
const TOP_UP_PERIOD = '1h';

export type Option = 'timed' | 'fast_recover';

/** One purchase as it would be sent: what, for which address, the quote and the burn it is compared with. */
export interface PurchasePlan {
  address: string;
  /** When its reading and quote began: an order for the address placed since makes it stale. */
  plannedAt: number;
  option: Option;
  energy: bigint;
  period: string | null;
  costSun: bigint;
  burnSun: bigint;
  intent: Omit<OrderIntent, 'profileId'>;
  endpoint: EndpointName;
  form: FormFields;
}

/** A purchase refused before anything was journaled or sent, with the words the assistant is told. */
export class PurchaseRefusal extends Error {
  // eslint-disable-next-line no-restricted-syntax -- the class's name, not words for people
  override readonly name = 'PurchaseRefusal';
}

/** Nothing is missing: the address already has the energy asked for. */
export interface Covered {
  covered: true;
  address: string;
  transfers: number;
}

function planOf(address: string, option: Option, energy: bigint, costSun: bigint, burnSun: bigint, plannedAt: number): PurchasePlan {
  const count = Number(energy);
  if (option === 'timed') {
    return {
      address,
      plannedAt,
      option,
      energy,
      period: TOP_UP_PERIOD,
      costSun,
      burnSun,
      intent: { kind: 'energy', address, resource: 'energy', count, period: TOP_UP_PERIOD, quotedSun: costSun },
      endpoint: 'buy_energy',
      // The client's field order (core/api/client.ts), as the CLI's dry run shows it.
      form: { count, period: TOP_UP_PERIOD, address },
    };
  }
  return {
    address,
    plannedAt,
    option,
    energy,
    period: null,
    costSun,
    burnSun,
    intent: { kind: 'fast_recover', address, resource: 'energy', count, quotedSun: costSun },
    endpoint: 'buy_fast_recover',
    form: { address, count, resource_type: 'energy' },
  };
}

/** Never rent on the person's behalf for what burning would cost (shared/burn-cost.ts). */
function checkBurn(costSun: bigint, burnSun: bigint): void {
  if (!notCheaperThanBurning(costSun, burnSun)) return;
  const [cost, burn] = moneyPair(costSun, burnSun);
  throw new PurchaseRefusal(m('refused.aboveBurn', { cost, burn }));
}

async function burnNow(session: McpSession, energy: bigint): Promise<bigint> {
  try {
    return await burnOf(session, energy);
  } catch {
    throw new PurchaseRefusal(m('refused.burnUnknown'));
  }
}

/** A timed energy rental of `count` for `period`, quoted now. */
export async function planTimed(
  session: McpSession,
  api: ServiceApi,
  address: string,
  count: number,
  period: string,
): Promise<PurchasePlan> {
  const plannedAt = Date.now();
  const [price, burnSun] = await Promise.all([api.queryPrice({ type: 'energy', count, period }), burnNow(session, BigInt(count))]);
  checkBurn(price.data.amountSun, burnSun);
  const plan = planOf(address, 'timed', BigInt(count), price.data.amountSun, burnSun, plannedAt);
  return { ...plan, period, intent: { ...plan.intent, period }, form: { count, period, address } };
}

/** A one-time energy top-up of `count`, quoted now. */
export async function planFast(session: McpSession, api: ServiceApi, address: string, count: number): Promise<PurchasePlan> {
  const plannedAt = Date.now();
  const [price, burnSun] = await Promise.all([api.queryFastRecoverPrice('energy', count), burnNow(session, BigInt(count))]);
  checkBurn(price.data.amountSun, burnSun);
  return planOf(address, 'fast_recover', BigInt(count), price.data.amountSun, burnSun, plannedAt);
}

/**
 * "Top up for N transfers": what the address lacks now (its watched wallet's
 * energy per transfer, else a transfer to a USDT holder), raised to the
 * service's minimum order; the 1-hour rental and the one-time top-up quoted
 * side by side, the cheaper first, and neither when it is not cheaper than
 * burning TRX for the energy that is missing.
 */
export async function planTopUp(session: McpSession, api: ServiceApi, address: string, transfers: number): Promise<PurchasePlan | Covered> {
  const plannedAt = Date.now();
  const [reading, watched] = await Promise.all([(await session.node()).readResources(address), session.watched().catch(() => [])]);
  if (!reading.activated) throw new PurchaseRefusal(m('refused.notActivated', { address }));
  const wallet = watched.find((w) => w.address === address);
  const perTransfer = wallet ? energyPerTransfer(wallet) : typicalEnergyPerTransfer('holder');
  const count = BigInt(transfers);
  const order = energyToOrder(reading.energy.available, perTransfer, count);
  if (order === 0n) return { covered: true, address, transfers };
  const missing = energyShortfall(reading.energy.available, perTransfer, count);
  const [timed, fast, burnSun] = await Promise.all([
    api.queryPrice({ type: 'energy', count: Number(order), period: TOP_UP_PERIOD }).then(
      (r) => r.data.amountSun,
      () => null,
    ),
    api.queryFastRecoverPrice('energy', Number(order)).then(
      (r) => r.data.amountSun,
      () => null,
    ),
    burnNow(session, missing),
  ]);
  const options = (
    [
      ['timed', timed],
      ['fast_recover', fast],
    ] as const
  ).filter((o): o is readonly [Option, bigint] => o[1] !== null);
  // The cheaper first; a tie goes to the rental, as in the app (core/app/top-up-need.ts cheaperOption).
  const cheapest = [...options].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))[0];
  if (cheapest === undefined) throw new PurchaseRefusal(m('refused.noPrice'));
  checkBurn(cheapest[1], burnSun);
  return planOf(address, cheapest[0], order, cheapest[1], burnSun, plannedAt);
}

/** The same purchase quoted again (after the person was asked): its price now. */
export async function requote(api: ServiceApi, plan: PurchasePlan): Promise<bigint> {
  const count = Number(plan.energy);
  if (plan.option === 'fast_recover') return (await api.queryFastRecoverPrice('energy', count)).data.amountSun;
  return (await api.queryPrice({ type: 'energy', count, period: plan.period ?? TOP_UP_PERIOD })).data.amountSun;
}

/** The request exactly as the client would send it, without the signed headers (as `--dry-run` prints it). */
export function requestOf(plan: PurchasePlan, baseUrl: string): { method: string; url: string; content_type: string; body: string } {
  const endpoint = ENDPOINTS[plan.endpoint];
  return {
    method: endpoint.method,
    url: `${baseUrl}${endpoint.path}`,
    content_type: 'application/x-www-form-urlencoded',
    body: encodeForm(plan.form),
  };
}
