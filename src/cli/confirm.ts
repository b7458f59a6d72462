import type { CliIo } from './context.ts';

/**
 * One question on the terminal, answered by a line (the terminal's own line
 * editing applies). Only "y" or "yes" agrees; anything else, an empty line
 * or the end of input declines.
 */
export function confirm(io: CliIo, question: string): Promise<boolean> {
  const { stdin } = io;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (agreed: boolean): void => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.removeListener('error', onError);
      stdin.pause();
      resolve(agreed);
    };
    const onData = (chunk: Buffer | string): void => {
      typed += chunk.toString();
      const end = typed.search(/[\r\n]/);
      if (end >= 0) finish(/^\s*y(es)?\s*$/i.test(typed.slice(0, end)));
    };
    const onEnd = (): void => {
      io.writeErr('\n');
      finish(false);
    };
    const onError = (err: Error): void => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      reject(err);
    };
    io.writeErr(question);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onError);
    stdin.resume();
  });
}
