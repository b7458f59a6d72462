import { setTimeout as sleep } from 'node:timers/promises';
import type { Reply, ServiceApi } from '../../core/api/types.ts';
import { wholeNumberOption } from '../args.ts';
import { CliError, usageError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { CommandCode, CommandResult } from '../command.ts';
import { DEFAULT_MAX_WAIT_MS, formatDuration, parseDuration } from '../duration.ts';
import { commandLine } from '../program.ts';
import { renderFastOrder, renderTimedResult } from '../render.ts';
import { progressLine } from '../watch-progress.ts';
import { t } from '../i18n.ts';
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

export const watch: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const id = ctx.args[0] ?? '';
    const target = watchTarget(id);
    if (target === null) throw usageError(t('watch.notAnId', { id: JSON.stringify(id) }), 'watch');
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
          return result.progress === 'succeeded' ? done : { ...done, failure: t('watch.failed', { id, status: result.status }) };
        }
        await sleep(fixedMs ?? backoffDelayMs(n), undefined, { signal: deadline });
      }
    } catch (err) {
      if (!deadline.aborted) throw err;
      const last = lastStatus === undefined ? t('watch.noStatusYet') : t('watch.lastStatus', { status: lastStatus });
      const again = commandLine(`watch ${id}`);
      throw new CliError(t('watch.stillRunning', { id, after: formatDuration(maxWaitMs), last, again }), EXIT.unavailable, 'still_running');
    } finally {
      line.stop();
    }
  },
};
