import { setTimeout as sleep } from 'node:timers/promises';
import type { Reply } from '../../core/api/types.ts';
import { wholeNumberOption } from '../args.ts';
import { usageError } from '../cli-error.ts';
import type { Command, CommandResult } from '../command.ts';
import { renderFastOrder, renderTimedResult } from '../render.ts';
import type { Progress } from '../watch-rule.ts';
import { backoffDelayMs, fastProgress, timedProgress, watchTarget } from '../watch-rule.ts';

interface Poll {
  reply: Reply<unknown>;
  progress: Progress;
  status: string;
  text: string;
}

export const watch: Command = {
  name: 'watch',
  synopsis: '<order_sn|order_id> [--interval-ms MS]',
  summary: 'poll an order until it finishes (exit 0 on success, 1 on failure)',
  positionals: ['order_sn|order_id'],
  options: ['interval-ms'],
  run: async (ctx): Promise<CommandResult> => {
    const id = ctx.args[0] ?? '';
    const target = watchTarget(id);
    if (target === null) throw usageError(`${JSON.stringify(id)} is neither an order serial (EN…, NET…) nor a top-up order id (digits).`);
    const intervalText = ctx.values['interval-ms'];
    const fixedMs = intervalText === undefined ? undefined : wholeNumberOption(intervalText, '--interval-ms');
    const api = await ctx.api();
    const poll = async (): Promise<Poll> => {
      if (target.kind === 'timed') {
        const reply = await api.queryResult(target.orderSn);
        return { reply, progress: timedProgress(reply.data), status: reply.data.status, text: renderTimedResult(reply.data) };
      }
      const reply = await api.queryFastRecoverOrder(target.orderId);
      return { reply, progress: fastProgress(reply.data), status: reply.data.status, text: renderFastOrder(reply.data) };
    };
    let lastStatus: string | undefined;
    for (let n = 0; ; n++) {
      const result = await poll();
      if (result.status !== lastStatus) ctx.progress(`${id}: ${result.status}`);
      lastStatus = result.status;
      if (result.progress !== 'running') {
        const done: CommandResult = { json: result.reply.raw, text: result.text };
        return result.progress === 'succeeded' ? done : { ...done, failure: `Order ${id} failed (status: ${result.status}).` };
      }
      await sleep(fixedMs ?? backoffDelayMs(n));
    }
  },
};
