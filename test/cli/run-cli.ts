import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../support/temp-dir.ts';

/** Runs `node scripts/cli.js …` as a child process, the way `npm run -s cli --` does. */

export const MAIN = join(import.meta.dirname, '../../scripts/cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
}

/** Variables of the parent that would leak a developer's own setup into the child. */
const CLEARED = [
  'ENERGY_TRAY_API_KEY',
  'ENERGY_TRAY_API_SECRET',
  'ENERGY_TRAY_BASE_URL',
  'ENERGY_TRAY_TIMEOUT_MS',
  'ENERGY_TRAY_USER_DATA',
  'ENERGY_TRAY_NODE_URL',
  'ENERGY_TRAY_NODE_API_KEY',
  'ENERGY_TRAY_WALLET_INTERVAL_MS',
  // The language of the output: English unless a test chooses one.
  'ENERGY_TRAY_LANG',
  'LC_ALL',
  'LC_MESSAGES',
  'LANG',
  'LANGUAGE',
];

/** The parent's environment without the developer's own setup, plus `extra` (undefined removes a variable). */
export function childEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !CLEARED.includes(k)) env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Runs `command` (default: node scripts/cli.js) with `args`, stdin from `options.stdin`, stdout and stderr kept apart. */
export function runCli(args: readonly string[], options: CliOptions = {}, command: readonly string[] = [process.execPath, MAIN]): Promise<CliRun> {
  const env = childEnv(options.env);
  const [file = process.execPath, ...before] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...before, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A command that ends before reading its stdin closes the pipe: EPIPE here is not the test's failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
  });
}

export async function tempUserData(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = tempDir('cli');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The valid TRON addresses the simulator tests use. */
export const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const ADDRESS_B = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
