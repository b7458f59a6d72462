import { setTimeout as sleep } from 'node:timers/promises';
import type { Reply, ServiceApi } from '../../core/api/types.ts';
import { wholeNumberOption } from '../args.ts';
import { CliError, usageError } from '../cli-error.ts';
import type { Command, CommandResult } from '../command.ts';
import { DEFAULT_MAX_WAIT_MS, DEFAULT_MAX_WAIT_TEXT, formatDuration, parseDuration } from '../duration.ts';
import { commandLine } from '../program.ts';
import { renderFastOrder, renderTimedResult } from '../render.ts';
import { progressLine } from '../watch-progress.ts';
import type { Progress, WatchTarget } from '../watch-rule.ts';
import { backoffDelayMs, fastProgress, timedProgress, watchTarget } from '../watch-rule.ts';

interface Poll {
  reply: Reply<unknown>;
  progress: Progress;
  status: string;
  text: string;
}

async function poll(api: ServiceApi, target: NonNullable<WatchTarget>, signal: AbortSignal): Promise<Poll> {
  if (target.kind === 'timed') {
    const reply = await api.queryResult(target.orderSn, { signal });
    return { reply, progress: timedProgress(reply.data), status: reply.data.status, text: renderTimedResult(reply.data) };
  }
  const reply = await api.queryFastRecoverOrder(target.orderId, { signal });
  return { reply, progress: fastProgress(reply.data), status: reply.data.status, text: renderFastOrder(reply.data) };
}

export const watch: Command = {
  name: 'watch',
  synopsis: '<order_sn|order_id> [--interval-ms MS] [--max-wait DURATION]',
  summary: 'poll an order until it finishes (exit 0 on success, 1 on failure, 6 if still running)',
  details: [
    'On a terminal it shows the status and the elapsed time on one line, updated in place; with --json or when',
    'stdout is not a terminal it prints nothing but the final value. Each call has the --timeout deadline; --max-wait',
    `limits the whole watch (default ${DEFAULT_MAX_WAIT_TEXT}, when the app calls an order stalled). Stopping the watch does not cancel the order.`,
  ],
  positionals: ['order_sn|order_id'],
  options: ['interval-ms', 'max-wait'],
  example: 'watch EN17000000000000001 --max-wait 10m',
  run: async (ctx): Promise<CommandResult> => {
    const id = ctx.args[0] ?? '';
    const target = watchTarget(id);
    if (target === null) throw usageError(`${JSON.stringify(id)} is neither an order serial (EN…, NET…) nor a top-up order id (digits).`, 'watch');
    const intervalText = ctx.values['interval-ms'];
    const fixedMs = intervalText === undefined ? undefined : wholeNumberOption(intervalText, '--interval-ms', 1);
    const maxWaitText = ctx.values['max-wait'];
    const maxWaitMs = maxWaitText === undefined ? DEFAULT_MAX_WAIT_MS : parseDuration(maxWaitText, '--max-wait');
    const api = await ctx.api();
    // Ends a poll in flight as well as the wait between polls.
    const deadline = AbortSignal.timeout(maxWaitMs);
    const line = progressLine(ctx, id);
    let lastStatus: string | undefined;
    try {
      for (let n = 0; ; n++) {
        const result = await poll(api, target, deadline);
        lastStatus = result.status;
        line.show(result.status);
        if (result.progress !== 'running') {
          const done: CommandResult = { json: result.reply.raw, text: result.text };
          return result.progress === 'succeeded' ? done : { ...done, failure: `Order ${id} failed (status: ${result.status}).` };
        }
        await sleep(fixedMs ?? backoffDelayMs(n), undefined, { signal: deadline });
      }
    } catch (err) {
      if (!deadline.aborted) throw err;
      const last = lastStatus === undefined ? 'no status was read yet' : `last status: ${lastStatus}`;
      throw new CliError(
        `Order ${id} is still running after ${formatDuration(maxWaitMs)} (${last}). The watch stopped; the order itself was not cancelled. ` +
          `Watch it again with: ${commandLine(`watch ${id}`)}`,
        6,
        'still_running',
      );
    } finally {
      line.stop();
    }
  },
};
