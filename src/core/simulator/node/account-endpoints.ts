import { printAddress } from './address-codec.ts';
import { NETWORK_TOTALS, sunForResource } from './chain-parameters.ts';
import type { NodeWallet } from './chain-state.ts';
import type { NodeContext, NodeReply } from './node-context.ts';
import { message } from './node-json.ts';
import { accountOf, convertedAddress, mergedAddress } from './node-request.ts';
import type { NodeRequest } from './node-request.ts';
import { BLOCK_INTERVAL_MS } from '../../chain/resource-usage.ts';
import type { Usage } from '../../chain/resource-usage.ts';

/**
 * The account endpoints (java-tron Wallet.getAccount, getAccountResource,
 * getAccountNet): usage recovered to the head block's slot before answering,
 * `{}` for an account that does not exist, fields in the proto's order with
 * zeros left out. The simulated chain has no TRC-10 assets, so
 * assetNetUsed/assetNetLimit never appear; no one votes, so tronPowerUsed is 0.
 */

const SUN_PER_TRX = 1_000_000n;
/** The active permission every new account gets (all contract types but a few), as java-tron prints it. */
const ACTIVE_OPERATIONS = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

interface AccountFigures {
  wallet: NodeWallet;
  energy: Usage;
  net: Usage;
  freeNet: Usage;
  energyLimit: bigint;
  netLimit: bigint;
  stakedEnergySun: bigint;
  stakedNetSun: bigint;
  /** SUN this account delegates to others now, and receives from others. */
  delegatedOut: { energy: bigint; net: bigint };
  delegatedIn: { energy: bigint; net: bigint };
}

function figures(ctx: NodeContext, wallet: NodeWallet): AccountFigures {
  const { state, now } = ctx;
  const delegatedOut = { energy: 0n, net: 0n };
  const delegatedIn = { energy: 0n, net: 0n };
  for (const d of state.delegations.activeAt(now)) {
    if (d.from === wallet.address) delegatedOut[d.resource] += sunForResource(d.resource, d.amount);
    if (d.to === wallet.address) delegatedIn[d.resource] += sunForResource(d.resource, d.amount);
  }
  return {
    wallet,
    energy: state.usageAt(wallet.energy, now),
    net: state.usageAt(wallet.net, now),
    freeNet: state.usageAt(wallet.freeNet, now),
    energyLimit: state.energyLimitAt(wallet, now),
    netLimit: state.netLimitAt(wallet, now),
    stakedEnergySun: sunForResource('energy', wallet.stakedEnergy),
    stakedNetSun: sunForResource('net', wallet.stakedNet),
    delegatedOut,
    delegatedIn,
  };
}

function walletAt(ctx: NodeContext, bytes: Buffer): NodeWallet | undefined {
  const address = accountOf(bytes);
  return address === undefined ? undefined : ctx.state.wallets.get(address);
}

const consumeTime = (usage: Usage): number => usage.slot * BLOCK_INTERVAL_MS;

/** /wallet/getaccount and /walletsolidity/getaccount: protocol.Account. */
export function getAccount(ctx: NodeContext, request: NodeRequest): NodeReply {
  const wallet = walletAt(ctx, mergedAddress(request, 'address'));
  if (!wallet) return {};
  const f = figures(ctx, wallet);
  const v = request.visible;
  const key = { address: printAddress(wallet.address, v), weight: 1 };
  return message({
    address: printAddress(wallet.address, v),
    balance: wallet.trxSun,
    net_usage: f.net.used,
    create_time: wallet.createdAt,
    latest_opration_time: wallet.latestOperationTime,
    free_net_usage: f.freeNet.used,
    latest_consume_time: consumeTime(wallet.net),
    latest_consume_free_time: consumeTime(wallet.freeNet),
    net_window_size: f.net.window,
    net_window_optimized: true,
    account_resource: message({
      energy_usage: f.energy.used,
      latest_consume_time_for_energy: consumeTime(wallet.energy),
      energy_window_size: f.energy.window,
      delegated_frozenV2_balance_for_energy: f.delegatedOut.energy,
      acquired_delegated_frozenV2_balance_for_energy: f.delegatedIn.energy,
      energy_window_optimized: true,
    }),
    owner_permission: { permission_name: 'owner', threshold: 1, keys: [key] },
    active_permission: [{ type: 'Active', id: 2, permission_name: 'active', threshold: 1, operations: ACTIVE_OPERATIONS, keys: [key] }],
    frozenV2: [message({ amount: f.stakedNetSun }), message({ type: 'ENERGY', amount: f.stakedEnergySun }), { type: 'TRON_POWER' }],
    delegated_frozenV2_balance_for_bandwidth: f.delegatedOut.net,
    acquired_delegated_frozenV2_balance_for_bandwidth: f.delegatedIn.net,
  });
}

/** The fields AccountNetMessage and AccountResourceMessage share (1–8). */
function bandwidthFields(ctx: NodeContext, f: AccountFigures): Record<string, bigint> {
  return {
    freeNetUsed: f.freeNet.used,
    freeNetLimit: ctx.state.params.freeNetLimit,
    NetUsed: f.net.used,
    NetLimit: f.netLimit,
    TotalNetLimit: NETWORK_TOTALS.TotalNetLimit,
    TotalNetWeight: NETWORK_TOTALS.TotalNetWeight,
  };
}

/** /wallet/getaccountresource: api.AccountResourceMessage. */
export function getAccountResource(ctx: NodeContext, request: NodeRequest): NodeReply {
  const wallet = walletAt(ctx, convertedAddress(request, 'address'));
  if (!wallet) return {};
  const f = figures(ctx, wallet);
  const tronPower = (f.stakedEnergySun + f.stakedNetSun + f.delegatedOut.energy + f.delegatedOut.net) / SUN_PER_TRX;
  return message({
    ...bandwidthFields(ctx, f),
    TotalTronPowerWeight: NETWORK_TOTALS.TotalTronPowerWeight,
    tronPowerLimit: tronPower,
    EnergyUsed: f.energy.used,
    EnergyLimit: f.energyLimit,
    TotalEnergyLimit: NETWORK_TOTALS.TotalEnergyLimit,
    TotalEnergyWeight: NETWORK_TOTALS.TotalEnergyWeight,
  });
}

/** /wallet/getaccountnet: api.AccountNetMessage (bandwidth only). GET converts the address itself; POST merges it. */
export function getAccountNet(ctx: NodeContext, request: NodeRequest): NodeReply {
  const bytes = request.method === 'POST' ? mergedAddress(request, 'address') : convertedAddress(request, 'address');
  const wallet = walletAt(ctx, bytes);
  if (!wallet) return {};
  const f = figures(ctx, wallet);
  return message(bandwidthFields(ctx, f));
}
