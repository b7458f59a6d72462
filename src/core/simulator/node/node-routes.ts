import { getAccount, getAccountNet, getAccountResource } from './account-endpoints.ts';
import {
  getBlockByLimitNext,
  getBlockByNum,
  getChainParameters,
  getDelegatedResourceAccountIndexV2,
  getDelegatedResourceV2,
  getNowBlock,
} from './chain-endpoints.ts';
import { estimateEnergy, getContract, getContractInfo, triggerConstantContract } from './contract-endpoints.ts';
import type { NodeEndpoint } from './node-context.ts';

/**
 * The full-node paths the simulator serves. Every java-tron servlet here
 * takes both GET and POST; the /walletsolidity/ forms (what TronWeb reads by
 * default for accounts and delegations) answer from the same state: the
 * simulated chain confirms every block at once.
 */
export const NODE_ROUTES: ReadonlyMap<string, NodeEndpoint> = new Map<string, NodeEndpoint>([
  ['/wallet/getaccount', getAccount],
  ['/walletsolidity/getaccount', getAccount],
  ['/wallet/getaccountresource', getAccountResource],
  ['/wallet/getaccountnet', getAccountNet],
  ['/wallet/triggerconstantcontract', triggerConstantContract],
  ['/wallet/estimateenergy', estimateEnergy],
  ['/wallet/getcontract', getContract],
  ['/wallet/getcontractinfo', getContractInfo],
  ['/wallet/getchainparameters', getChainParameters],
  ['/wallet/getnowblock', getNowBlock],
  ['/walletsolidity/getnowblock', getNowBlock],
  ['/wallet/getblockbynum', getBlockByNum],
  ['/walletsolidity/getblockbynum', getBlockByNum],
  ['/wallet/getblockbylimitnext', getBlockByLimitNext],
  ['/walletsolidity/getblockbylimitnext', getBlockByLimitNext],
  ['/wallet/getdelegatedresourcev2', getDelegatedResourceV2],
  ['/walletsolidity/getdelegatedresourcev2', getDelegatedResourceV2],
  ['/wallet/getdelegatedresourceaccountindexv2', getDelegatedResourceAccountIndexV2],
  ['/walletsolidity/getdelegatedresourceaccountindexv2', getDelegatedResourceAccountIndexV2],
]);
