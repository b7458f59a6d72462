import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { canaryUser } from './fixture.ts';
import { ADDRESS, childEnv, MAIN, runCli, tempUserData, type CliRun } from './run-cli.ts';
import type { SimUser } from '../../src/core/simulator/index.ts';

/** One JSON log line of the daemon. */
export type LogLine = Record<string, unknown> & { time: string; level: string; event: string };

/** A daemon child process: its log lines as they come, stderr, and its exit. */
export interface DaemonChild {
  pid: number;
  lines: LogLine[];
  stdout(): string;
  stderr(): string;
  /** Resolves with the first line of `event` that matches `where`. */
  waitFor(event: string, where?: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  signal(name: NodeJS.Signals): void;
  exited: Promise<number | null>;
}

export interface DaemonWorld {
  sim: Simulator;
  node: NodeSimulator;
  user: SimUser;
  userData: string;
  profileId: string;
  /** Environment credentials of the canary user. */
  env: Record<string, string>;
  /** Every output, for the secret scan. */
  outputs: string[];
  start(args: readonly string[], env?: Record<string, string | undefined>): DaemonChild;
  run(args: readonly string[], env?: Record<string, string | undefined>): Promise<CliRun>;
  close(): Promise<void>;
}

export function watchChild(child: ChildProcessWithoutNullStreams, outputs: string[]): DaemonChild {
  let out = '';
  let err = '';
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const complete = out.split('\n').slice(0, -1);
    lines.splice(0, lines.length, ...complete.map((l) => JSON.parse(l) as LogLine));
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      outputs.push(out, err);
      for (const wake of waiters) wake();
      resolve(code);
    }),
  );
  return {
    pid: child.pid ?? 0,
    lines,
    stdout: () => out,
    stderr: () => err,
    exited,
    signal: (name) => void child.kill(name),
    waitFor: (event, where = () => true, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const found = lines.find((l) => l.event === event && where(l));
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (child.exitCode !== null) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the daemon exited (${child.exitCode}) without ${event}: ${err}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} within ${timeoutMs} ms; lines: ${out}; stderr: ${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

/**
 * The service simulator and the TRON node simulator (linked: a filled order
 * delegates energy) on 127.0.0.1, and a throw-away user-data folder with one
 * profile "Server" watching one wallet, as the app would have saved it.
 */
export async function startDaemonWorld(options: SimulatorOptions = {}): Promise<DaemonWorld> {
  const user = canaryUser();
  const sim = await startSimulator({ timing: { timedOrderMs: 150, fastRecoverMs: 150, reclaimMs: 150 }, ...options, users: [user] });
  const node = await startNodeSimulator({ delegations: sim.delegations, wallets: [{ address: ADDRESS, trxSun: 50_000_000n }], spending: null });
  const data = await tempUserData();
  const profileId = randomUUID();
  await new SettingsStore({ dir: data.dir }).update((s) => ({
    ...s,
    profiles: [{ id: profileId, name: 'Server', baseUrl: sim.baseUrl, keyHint: null, lastVerifiedAt: null }],
    activeProfileId: profileId,
    nodeUrl: node.baseUrl,
    wallets: [{ id: 'w1', profileId, address: ADDRESS, label: 'Payroll', plan: 'holder', exactRecipient: null, exactEnergy: null, topUpTransfers: 2 }],
  }));
  const env = { ENERGY_TRAY_USER_DATA: data.dir, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret };
  const outputs: string[] = [];
  return {
    sim,
    node,
    user,
    userData: data.dir,
    profileId,
    env,
    outputs,
    start: (args, extra = {}) => watchChild(spawn(process.execPath, [MAIN, ...args], { env: childEnv({ ...env, ...extra }), stdio: 'pipe' }), outputs),
    run: async (args, extra = {}) => {
      const run = await runCli(args, { env: { ...env, ...extra } });
      outputs.push(run.stdout, run.stderr);
      return run;
    },
    close: async () => {
      await node.close();
      await sim.close();
      await data.remove();
    },
  };
}
