/**
 * core/chain: the TRON full node over HTTP (resources, transfer estimate,
 * chain fees). Depends on generic helpers only, never on the service's API.
 */
export { ChainClient } from './chain-client.ts';
export type {
  AccountReading,
  ChainCallOptions,
  ChainClientOptions,
  ChainFees,
  ChainReader,
  ResourceReading,
  TransferEstimate,
  TrxReading,
} from './chain-client.ts';
export { ChainError } from './errors.ts';
export type { ChainErrorFacts, ChainErrorKind, NodeEndpoint } from './errors.ts';
export { DEFAULT_NODE_URL, normalizeNodeUrl } from './node-url.ts';
export type { NodeRequestEvent } from './node-transport.ts';
export { bandwidthPools, bandwidthReading, energyReading } from './resources.ts';
export type { BandwidthReading, EnergyReading, RawResourceCounters } from './resources.ts';
export { parseRetryAfter } from './retry-after.ts';
export * from './usdt.ts';
