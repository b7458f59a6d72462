import { CliError } from './cli-error.ts';
import type { CliIo } from './context.ts';

export interface TypedCredentials {
  apiKey: string;
  apiSecret: string;
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\b', '\u007f']);

/**
 * One line from a terminal in raw mode, so the secret is never echoed (and
 * the key is echoed by us, not by the terminal). Ctrl+C or Ctrl+D cancel.
 */
function readTerminalLine(io: CliIo, prompt: string, echo: boolean): Promise<string> {
  const { stdin } = io;
  io.writeErr(prompt);
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (error?: CliError): void => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.writeErr('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === CTRL_C || (ch === CTRL_D && line === '')) return finish(new CliError('Login cancelled; nothing was saved.', 130));
        if (ch === '\r' || ch === '\n') return finish();
        if (BACKSPACE.has(ch)) {
          if (line.length > 0 && echo) io.writeErr('\b \b');
          line = line.slice(0, -1);
        } else if (ch >= ' ') {
          line += ch;
          if (echo) io.writeErr(ch);
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

/** The API key and secret: prompted on a terminal (secret without echo), else the first two lines of stdin. */
export async function readCredentials(io: CliIo): Promise<TypedCredentials> {
  if (io.stdin.isTTY === true) {
    const apiKey = await readTerminalLine(io, 'API key: ', true);
    const apiSecret = await readTerminalLine(io, 'API secret (not shown): ', false);
    return { apiKey, apiSecret };
  }
  const lines = (await readAll(io.stdin)).split(/\r?\n/);
  const [apiKey = '', apiSecret = ''] = lines;
  return { apiKey, apiSecret };
}
