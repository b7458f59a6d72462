import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * When a process started, as the operating system tells it: what makes a pid
 * one process rather than any process that was given the same number later.
 * A pid is reused after its process ends (and numbering starts over at every
 * boot), so "pid 4242 is alive" says nothing about who it is; "pid 4242,
 * started at tick 131721 of boot 08f1…" does.
 */
export interface ProcessStart {
  /** Exact (Linux: boot id and clock tick): equal for the same process, different for any other one; null where only the time is known. */
  token: string | null;
  /** The start as wall-clock time (ms since epoch), to compare with times recorded without a token. */
  startedAtMs: number;
}

/** Another program asked: its answer on stdout, nothing of it on the terminal. */
const QUIET: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore'];

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's start time: 100 on every architecture Electron runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/**
 * Linux: field 22 of /proc/<pid>/stat (start time in clock ticks since boot),
 * with the boot's id, so that the same tick of another boot is another token.
 * Fields are counted after the last ')': the program name in parentheses
 * before them may itself hold spaces and parentheses.
 */
function linuxStart(pid: number): ProcessStart | null {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[22 - 3];
  if (ticks === undefined || !/^\d+$/.test(ticks)) return null;
  const bootId = read('/proc/sys/kernel/random/boot_id')?.trim() ?? '';
  const bootSeconds = Number(/^btime (\d+)$/m.exec(read('/proc/stat') ?? '')?.[1] ?? Number.NaN);
  return { token: `${bootId}:${ticks}`, startedAtMs: (bootSeconds + Number(ticks) / CLOCK_TICKS_PER_SECOND) * 1000 };
}

/** macOS and the BSDs: `ps -o lstart=` ("Mon Nov 23 16:01:02 2026", to the second, local time). */
function psStart(pid: number): ProcessStart | null {
  let text: string;
  try {
    text = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000, stdio: QUIET }).trim();
  } catch {
    return null;
  }
  const at = Date.parse(text);
  return text === '' || Number.isNaN(at) ? null : { token: null, startedAtMs: at };
}

/** Windows: the process's StartTime through PowerShell (Get-Process), as an ISO time to the 100 ns tick. */
function windowsStart(pid: number): ProcessStart | null {
  const script = `(Get-Process -Id ${pid} -ErrorAction Stop).StartTime.ToUniversalTime().ToString('o')`;
  let text: string;
  try {
    const options = { encoding: 'utf8' as const, timeout: 5_000, stdio: QUIET, windowsHide: true };
    text = execFileSync('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], options).trim();
  } catch {
    return null;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : { token: null, startedAtMs: at };
}

/**
 * The start of `pid`, or null when it cannot be known (no such process, no
 * access, no answer): callers then judge by the pid alone. Linux reads /proc;
 * elsewhere a short-lived `ps` or PowerShell is asked, which costs a process
 * start, so this is for rare checks (a lock found held), never a hot path.
 */
export function processStart(pid: number): ProcessStart | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') return linuxStart(pid);
  if (process.platform === 'win32') return windowsStart(pid);
  return psStart(pid);
}

/** This process's start, without asking another program: /proc on Linux, else the runtime's own time origin. */
export function ownProcessStart(): ProcessStart {
  return (process.platform === 'linux' ? linuxStart(process.pid) : null) ?? { token: null, startedAtMs: performance.timeOrigin };
}

/** Times read to the second (ps) against the runtime's own origin: closer than this is the same start. */
const SAME_START_MS = 2_000;

/**
 * Whether `now` (what the system says of the pid today) is a process other
 * than the one recorded: by the exact token where both have one, else by the
 * start time. Unknown (null) is never "other": the caller cannot tell.
 */
export function isOtherProcess(recorded: ProcessStart, now: ProcessStart | null): boolean {
  if (now === null) return false;
  if (recorded.token !== null && now.token !== null) return recorded.token !== now.token;
  return Math.abs(recorded.startedAtMs - now.startedAtMs) > SAME_START_MS;
}

/** A process that started after `ms` cannot have done what was recorded at `ms` (a lock of an earlier version, with no start). */
export function startedAfter(now: ProcessStart | null, ms: number): boolean {
  return now !== null && now.startedAtMs > ms + SAME_START_MS;
}
