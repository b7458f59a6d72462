import { Pool } from 'undici';

export interface PoolTimeouts {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/**
 * One keep-alive pool per service origin. undici's own timeouts default to
 * 300 s; these are explicit so that a stalled connection surfaces quickly and
 * with the right classification (connect timeout = never sent).
 */
export function createPool(origin: string, timeouts: PoolTimeouts): Pool {
  return new Pool(origin, {
    connections: 8,
    keepAliveTimeout: 10_000,
    connect: { timeout: timeouts.connectTimeoutMs },
    headersTimeout: timeouts.headersTimeoutMs,
    bodyTimeout: timeouts.bodyTimeoutMs,
  });
}
