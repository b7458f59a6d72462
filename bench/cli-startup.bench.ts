/**
 * Issue 23: how long the command line takes to start, against a bare
 * `node -e 0` of the same binary measured side by side in the same rounds
 * (the order rotates each round, so that a burst of load on the shared
 * machine hits all of them alike). `energy-tray --version` and
 * `energy-tray help` run through the package's bin as a user runs them,
 * after one untimed run has filled Node's compile cache (bin/launch.js);
 * the figure with the cache turned off is what the very first run pays.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, report } from './report.ts';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/energy-tray.js');
/** What `npm run cli` runs (npm's own start not counted). */
const NPM_SCRIPT = join(ROOT, 'scripts/cli.js');
const ROUNDS = 25;

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

const CASES: readonly Case[] = [
  { name: 'bare', args: ['-e', '0'] },
  { name: 'version', args: [BIN, '--version'] },
  { name: 'help', args: [BIN, 'help'] },
  { name: 'script_help', args: [NPM_SCRIPT, 'help'] },
  { name: 'version_uncached', args: [BIN, '--version'], env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
];

/** English and no credentials: the same work in every run, whatever the developer's shell has. */
const BASE_ENV: Record<string, string> = { ...(process.env as Record<string, string>), LANG: 'C', LC_ALL: 'C', ENERGY_TRAY_LANG: 'en' };

function run(c: Case, extraArgs: readonly string[] = []): { ms: number; stderr: string } {
  const started = performance.now();
  const child = spawnSync(process.execPath, [...extraArgs, ...c.args], { env: { ...BASE_ENV, ...c.env }, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`${c.args.join(' ')} exited with ${String(child.status)}: ${child.stderr}`);
  return { ms, stderr: child.stderr };
}

/** The child's peak resident memory, printed by a hook on exit (a separate, untimed run). */
const PEAK_RSS_HOOK = `data:text/javascript,process.on("exit",()=>process.stderr.write("rss_kb="+process.resourceUsage().maxRSS+"\\n"))`;

function peakRssMb(c: Case): number {
  const { stderr } = run(c, ['--import', PEAK_RSS_HOOK]);
  return Number(/rss_kb=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
}

export default function cliStartup(): Promise<void> {
  // Fills the compile cache, as any earlier run of the command has.
  for (const c of CASES) run(c);
  const times = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < CASES.length; i++) {
      const c = CASES[(round + i) % CASES.length]!;
      times.get(c.name)!.push(run(c).ms);
    }
  }
  const ms = (name: string): number => median(times.get(name) ?? []);
  const ratio = (name: string): number => ms(name) / ms('bare');
  // The worse of the two commands is the figure with the target; each is printed too.
  report('cli_startup_ratio', Math.max(ratio('version'), ratio('help')), '<= 3');
  report('cli_version_ratio', ratio('version'));
  report('cli_help_ratio', ratio('help'));
  report('cli_npm_script_help_ratio', ratio('script_help'));
  report('cli_version_uncached_ratio', ratio('version_uncached'));
  report('cli_version_ms', ms('version'));
  report('node_bare_ms', ms('bare'));
  report('cli_version_rss_mb', peakRssMb(CASES[1]!));
  report('node_bare_rss_mb', peakRssMb(CASES[0]!));
  return Promise.resolve();
}
