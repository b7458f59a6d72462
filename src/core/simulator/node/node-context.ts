import type { ChainBlocks } from './chain-blocks.ts';
import type { NodeState } from './chain-state.ts';
import type { NodeRequest } from './node-request.ts';
import type { EnergyModel, TransferRecord } from './usdt-transfer.ts';

/** What an endpoint sees: the chain at `now`, already settled to it. */
export interface NodeContext {
  readonly state: NodeState;
  readonly now: number;
  readonly model: EnergyModel;
  readonly usdtContract: string;
  readonly blocks: ChainBlocks;
  readonly transfers: readonly TransferRecord[];
}

/** A reply object (written as JSON), or raw text (a servlet that writes nothing answers ''). */
export type NodeReply = object | string;

export type NodeEndpoint = (ctx: NodeContext, request: NodeRequest) => NodeReply;
