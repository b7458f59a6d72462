import type { CommandContext } from './context.ts';
import { formatDuration } from './duration.ts';

export interface ProgressLine {
  /** The latest status; redrawn with the elapsed time. */
  show(status: string): void;
  /** Clears the line, so that only the final value stays on screen. */
  stop(): void;
}

const CLEAR_LINE = '\r\u001b[2K';
const TICK_MS = 1000;

/**
 * One line on a terminal, `EN…: pending (1m 05s)`, rewritten in place every
 * second. With --json, or when stdout is not a terminal, it draws nothing:
 * stdout then carries the final value alone.
 */
export function progressLine(ctx: CommandContext, id: string, now: () => number = Date.now): ProgressLine {
  if (ctx.json || ctx.io.stdoutIsTTY !== true) return { show: () => undefined, stop: () => undefined };
  const started = now();
  let status: string | undefined;
  const draw = (): void => {
    if (status !== undefined) ctx.io.writeOut(`${CLEAR_LINE}${id}: ${status} (${formatDuration(now() - started)})`);
  };
  const timer = setInterval(draw, TICK_MS);
  timer.unref();
  return {
    show: (next) => {
      status = next;
      draw();
    },
    stop: () => {
      clearInterval(timer);
      if (status !== undefined) ctx.io.writeOut(CLEAR_LINE);
    },
  };
}
