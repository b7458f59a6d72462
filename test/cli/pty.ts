import { spawn } from 'node:child_process';
import { vi } from 'vitest';
import { childEnv, MAIN } from './run-cli.ts';

/**
 * The CLI on a real pseudo-terminal: util-linux `script` (on every Debian,
 * and what CI runs on) opens the pty, runs the command on it and relays our
 * keystrokes and its screen. stdin, stdout and stderr are all the terminal.
 */
export interface PtySession {
  /** Everything the terminal showed so far, stdout and stderr together, typed keys echoed; CR LF as LF. */
  screen(): string;
  type(text: string): void;
  /** Resolves once the screen matches. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
  /** The command's exit code (script -e passes it on) and the whole screen. */
  readonly exited: Promise<{ code: number | null; screen: string }>;
}

const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;

export function runCliInPty(args: readonly string[], env: Record<string, string | undefined> = {}): PtySession {
  const command = [process.execPath, MAIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: childEnv({ ...env, SHELL: '/bin/sh', TERM: 'xterm' }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (raw += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (raw += s));
  const screen = (): string => raw.replaceAll('\r\n', '\n');
  const exited = new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen: screen() }));
  });
  return {
    screen,
    type: (text) => child.stdin.write(text),
    waitFor: (pattern, timeoutMs = 15_000) =>
      vi.waitFor(
        () => {
          const text = screen();
          if (typeof pattern === 'string' ? !text.includes(pattern) : !pattern.test(text)) throw new Error(`not yet on screen: ${String(pattern)}\n${text}`);
        },
        { timeout: timeoutMs, interval: 20 },
      ),
    exited,
  };
}
