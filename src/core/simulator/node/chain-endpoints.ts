import { printAddress } from './address-codec.ts';
import { chainParametersReply, sunForResource } from './chain-parameters.ts';
import { lockBlocks } from './delegations.ts';
import type { DelegationRecord } from './delegations.ts';
import type { NodeContext, NodeReply } from './node-context.ts';
import { message } from './node-json.ts';
import { accountOf, convertedAddress, mergedAddress, mergedInt, NodeRequestError, textParam } from './node-request.ts';
import type { NodeRequest } from './node-request.ts';
import { BLOCK_INTERVAL_MS, slotOf } from '../../chain/resource-usage.ts';

/** Blocks, delegations and chain parameters, as their java-tron servlets answer them. */

/** GET: Long.parseLong of the query value (a NumberFormatException otherwise); POST: a merged int64; 0 when absent. */
function longParam(request: NodeRequest, key: string): bigint {
  if (request.method === 'POST') return mergedInt(request, key);
  const text = textParam(request, key);
  if (text === undefined) return 0n;
  if (!/^[+-]?\d{1,19}$/.test(text)) throw new NodeRequestError('java.lang.NumberFormatException', `For input string: "${text}"`);
  return BigInt(text);
}

/** /wallet/getnowblock: the newest block. */
export function getNowBlock(ctx: NodeContext, request: NodeRequest): NodeReply {
  return ctx.blocks.block(ctx.blocks.headNumber(ctx.now), ctx.now, request.visible) ?? {};
}

/**
 * /wallet/getblockbynum: `num` (GET: Long.parseLong of the query value;
 * POST: NumberMessage), 0 when absent; {} when there is no such block.
 */
export function getBlockByNum(ctx: NodeContext, request: NodeRequest): NodeReply {
  const num = longParam(request, 'num');
  return (num <= BigInt(Number.MAX_SAFE_INTEGER) && ctx.blocks.block(Number(num), ctx.now, request.visible)) || {};
}

/** java-tron's GetBlockByLimitNextServlet.BLOCK_LIMIT_NUM. */
const BLOCK_LIMIT_NUM = 100n;

/**
 * /wallet/getblockbylimitnext: the blocks startNum ≤ n < endNum that exist
 * (Wallet.getBlocksByLimitNext), as {"block": [...]}; {} when the range is
 * empty, reversed or longer than 100, or no block of it exists yet.
 */
export function getBlockByLimitNext(ctx: NodeContext, request: NodeRequest): NodeReply {
  const start = longParam(request, 'startNum');
  const end = longParam(request, 'endNum');
  if (!(end > 0n && end > start && end - start <= BLOCK_LIMIT_NUM) || start < 0n || end > BigInt(Number.MAX_SAFE_INTEGER)) return {};
  const found: object[] = [];
  for (let num = Number(start); num < Number(end); num++) {
    const block = ctx.blocks.block(num, ctx.now, request.visible);
    if (block === undefined) {
      if (num > ctx.blocks.headNumber(ctx.now)) break;
      continue;
    }
    found.push(block);
  }
  return found.length === 0 ? {} : { block: found };
}

/** /wallet/getchainparameters: protocol.ChainParameters. */
export function getChainParameters(ctx: NodeContext): NodeReply {
  return chainParametersReply(ctx.state.params);
}

/** An address the way each form of the delegation servlets reads it: GET converts, POST merges. */
function delegationAddress(request: NodeRequest, key: string): string | undefined {
  return accountOf(request.method === 'POST' ? mergedAddress(request, key) : convertedAddress(request, key));
}

/** java-tron's lock expiry: the head block's time when delegated plus the lock period in blocks. */
function lockExpiry(d: DelegationRecord): number {
  return (slotOf(d.startsAt) + lockBlocks(d)) * BLOCK_INTERVAL_MS;
}

/**
 * /wallet/getdelegatedresourcev2 (and /walletsolidity/…): what `fromAddress`
 * delegates to `toAddress` now, as one locked DelegatedResource (the service
 * locks a rental for its period), balances in SUN; {} when nothing.
 */
export function getDelegatedResourceV2(ctx: NodeContext, request: NodeRequest): NodeReply {
  const from = delegationAddress(request, 'fromAddress');
  const to = delegationAddress(request, 'toAddress');
  const parts = ctx.state.delegations.activeAt(ctx.now).filter((d) => d.from === from && d.to === to);
  if (from === undefined || to === undefined || parts.length === 0) return {};
  const sum = { energy: 0n, net: 0n };
  const expiry = { energy: 0, net: 0 };
  for (const d of parts) {
    sum[d.resource] += sunForResource(d.resource, d.amount);
    expiry[d.resource] = Math.max(expiry[d.resource], lockExpiry(d));
  }
  const v = request.visible;
  const resource = message({
    from: printAddress(from, v),
    to: printAddress(to, v),
    frozen_balance_for_bandwidth: sum.net,
    frozen_balance_for_energy: sum.energy,
    expire_time_for_bandwidth: expiry.net,
    expire_time_for_energy: expiry.energy,
  });
  return { delegatedResource: [resource] };
}

/**
 * /wallet/getdelegatedresourceaccountindexv2 (and /walletsolidity/…): who
 * delegates to `value` now (fromAccounts) and to whom it delegates
 * (toAccounts); {} for an account in no delegation.
 */
export function getDelegatedResourceAccountIndexV2(ctx: NodeContext, request: NodeRequest): NodeReply {
  const bytes = request.visible || request.method !== 'POST' ? convertedAddress(request, 'value') : mergedAddress(request, 'value');
  const account = accountOf(bytes);
  if (account === undefined) return {};
  const fromAccounts = new Set<string>();
  const toAccounts = new Set<string>();
  for (const d of ctx.state.delegations.activeAt(ctx.now)) {
    if (d.to === account) fromAccounts.add(d.from);
    if (d.from === account) toAccounts.add(d.to);
  }
  if (fromAccounts.size === 0 && toAccounts.size === 0) return {};
  const print = (set: Set<string>): string[] => [...set].map((a) => printAddress(a, request.visible));
  return message({ account: printAddress(account, request.visible), fromAccounts: print(fromAccounts), toAccounts: print(toAccounts) });
}
