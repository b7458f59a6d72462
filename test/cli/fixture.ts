import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSimulator } from '../../src/core/simulator/index.ts';
import type { Simulator, SimulatorOptions, SimUser } from '../../src/core/simulator/index.ts';
import { runCli, tempUserData } from './run-cli.ts';
import type { CliRun } from './run-cli.ts';

/**
 * A simulator in the test process and a CLI runner with env credentials of a
 * user whose key and secret are unique canaries: every output is kept, so a
 * test can prove neither ever appears.
 */
export interface CliFixture {
  sim: Simulator;
  user: SimUser;
  userData: string;
  /** The environment `cli` runs with: user data folder, env credentials and base URL. */
  env: Record<string, string>;
  /** Runs the CLI with env credentials and base URL (override or drop them via `env`). */
  cli(args: readonly string[], env?: Record<string, string | undefined>, stdin?: string): Promise<CliRun>;
  outputs: CliRun[];
  /** Moves the simulator's clock (order progress) forward; keep the total well inside the 5-minute skew window. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export function canaryUser(trxSun = 500_000_000n): SimUser {
  return { apiKey: `canary-key-${randomUUID()}`, secret: `canary-secret-${randomUUID()}`, trxSun, usdtMicros: 100_000_000n };
}

export async function startCliFixture(options: SimulatorOptions = {}): Promise<CliFixture> {
  const user = canaryUser();
  let shiftMs = 0;
  const sim = await startSimulator({
    timing: { timedOrderMs: 150, fastRecoverMs: 150, reclaimMs: 150 },
    now: () => Date.now() + shiftMs,
    ...options,
    users: [user],
  });
  const data = await tempUserData();
  const outputs: CliRun[] = [];
  const env = {
    ENERGY_TRAY_USER_DATA: data.dir,
    ENERGY_TRAY_API_KEY: user.apiKey,
    ENERGY_TRAY_API_SECRET: user.secret,
    ENERGY_TRAY_BASE_URL: sim.baseUrl,
  };
  return {
    sim,
    user,
    userData: data.dir,
    env,
    outputs,
    advance: (ms) => {
      shiftMs += ms;
    },
    cli: async (args, extra = {}, stdin) => {
      const run = await runCli(args, {
        env: { ...env, ...extra },
        ...(stdin === undefined ? {} : { stdin }),
      });
      outputs.push(run);
      return run;
    },
    close: async () => {
      await sim.close();
      await data.remove();
    },
  };
}

/** stdout + stderr of every run, for secret scans. */
export const allText = (runs: readonly CliRun[]): string => runs.map((r) => r.stdout + r.stderr).join('\n');

/**
 * One fixture for a whole file; when the file ends, no output of any run may
 * contain the canary secret or the full key.
 */
export function useCliFixture(options: SimulatorOptions = {}): () => CliFixture {
  let fx: CliFixture | undefined;
  beforeAll(async () => {
    fx = await startCliFixture(options);
  });
  afterAll(async () => {
    if (!fx) return;
    const text = allText(fx.outputs);
    await fx.close();
    expect(text).not.toContain(fx.user.secret);
    expect(text).not.toContain(fx.user.apiKey);
  });
  return () => {
    if (!fx) throw new Error('the CLI fixture is not started');
    return fx;
  };
}
