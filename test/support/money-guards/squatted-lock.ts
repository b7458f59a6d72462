import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PROFILE_LOCK_FILE } from '../../../src/core/settings/profile-lock.ts';
import { profileDataDir } from '../../../src/core/settings/user-data-dir.ts';
import { startDaemonWorld, type DaemonWorld } from '../../cli/daemon-fixture.ts';

/**
 * Issue 21 item 5, with the real daemon (the CLI entry as a child process) on
 * a throw-away profile: a profile.lock left by a daemon that died, whose pid
 * now belongs to an unrelated live process (a `sleep` child), in the current
 * format and in the format of an earlier version (no start recorded); then a
 * lock held by a real, live daemon.
 */

export interface SquattedLockResult {
  /** Squatted locks put in the daemon's way, and how many it took over (it ran its round: exit 0). */
  squattedTried: number;
  squattedTaken: number;
  /** A second daemon on a profile a live daemon runs: refused with exit 15, naming that daemon's pid. */
  liveRefused: boolean;
  /** The live daemon's lock still names it afterwards, and it stops cleanly. */
  liveKept: boolean;
}

/** A lock naming `pid` as written by a daemon that started at `startedAt` (recycled pid: the process now there started later). */
function squat(world: DaemonWorld, pid: number, withStart: boolean): void {
  const diedAt = Date.now() - 60_000;
  const lock = {
    pid,
    since: diedAt,
    host: hostname(),
    program: 'energy-tray daemon',
    ...(withStart ? { exe: process.execPath, startedAt: diedAt - 1_000, startToken: 'an-earlier-boot:4242' } : {}),
  };
  const dir = profileDataDir(world.userData, world.profileId);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, PROFILE_LOCK_FILE), `${JSON.stringify(lock)}\n`, { mode: 0o600 });
}

async function sleepChild(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child;
}

/** `forms`: the squatted locks put in the way, each as this version writes it (true) or as an earlier one did (false). */
export async function squattedLockScenario(forms: readonly boolean[] = [true, false]): Promise<SquattedLockResult> {
  const world = await startDaemonWorld();
  const sleeper = await sleepChild();
  try {
    let squattedTaken = 0;
    for (const withStart of forms) {
      squat(world, sleeper.pid ?? 0, withStart);
      const run = await world.run(['daemon', '--profile', 'Server', '--once']);
      if (run.code === 0 && run.stdout.includes('"event":"daemon_started"')) squattedTaken++;
    }
    const live = world.start(['daemon', '--profile', 'Server']);
    await live.waitFor('daemon_started');
    const second = await world.run(['daemon', '--profile', 'Server', '--once']);
    const liveRefused = second.code === 15 && second.stderr.includes(`(pid ${live.pid})`);
    live.signal('SIGTERM');
    const liveKept = (await live.exited) === 0;
    return { squattedTried: forms.length, squattedTaken, liveRefused, liveKept };
  } finally {
    sleeper.kill('SIGKILL');
    await world.close();
  }
}
