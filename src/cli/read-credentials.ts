import { CliError } from './cli-error.ts';
import { EXIT } from './exit-codes.ts';
import { t } from './i18n.ts';
import type { CliIo } from './context.ts';

export interface TypedCredentials {
  apiKey: string;
  apiSecret: string;
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\b', '\u007f']);

/**
 * Lines typed at a terminal in raw mode, with no echo: neither the key nor
 * the secret appears on screen (a dot per character shows progress). The
 * prompts are answered in order from one stream, so pasting both lines at
 * once fills both. Ctrl+C, or Ctrl+D on an empty line, cancels.
 */
function readTerminalLines(io: CliIo, prompts: readonly string[]): Promise<string[]> {
  const { stdin } = io;
  return new Promise((resolve, reject) => {
    const answers: string[] = [];
    let line = '';
    io.writeErr(prompts[0] ?? '');
    const stop = (): void => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === CTRL_C || (ch === CTRL_D && line === '')) {
          stop();
          io.writeErr('\n');
          reject(new CliError(t('login.cancelled'), EXIT.interrupted, 'cancelled'));
          return;
        }
        if (ch === '\r' || ch === '\n') {
          answers.push(line);
          line = '';
          io.writeErr('\n');
          if (answers.length === prompts.length) {
            stop();
            resolve(answers);
            return;
          }
          io.writeErr(prompts[answers.length] ?? '');
        } else if (BACKSPACE.has(ch)) {
          if (line.length > 0) io.writeErr('\b \b');
          line = line.slice(0, -1);
        } else if (ch >= ' ') {
          line += ch;
          io.writeErr('•');
        }
      }
    };
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    stdin.setEncoding('utf8');
    stdin.on('data', (chunk: string) => chunks.push(chunk));
    stdin.on('end', () => resolve(chunks.join('')));
    stdin.on('error', reject);
  });
}

/** The API key and secret: prompted on a terminal (without echo), else the first two lines of stdin. */
export async function readCredentials(io: CliIo): Promise<TypedCredentials> {
  if (io.stdin.isTTY === true) {
    const [apiKey = '', apiSecret = ''] = await readTerminalLines(io, [t('login.promptKey'), t('login.promptSecret')]);
    return { apiKey, apiSecret };
  }
  const lines = (await readAll(io.stdin)).split(/\r?\n/);
  const [apiKey = '', apiSecret = ''] = lines;
  return { apiKey, apiSecret };
}
