import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { readCredentials } from '../../src/cli/read-credentials.ts';
import type { CliIo } from '../../src/cli/context.ts';

function terminal(): { io: CliIo; type(text: string): void; screen(): string; rawModes: boolean[] } {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: (mode: boolean) => rawModes.push(mode) });
  const rawModes: boolean[] = [];
  let screen = '';
  const io: CliIo = { env: {}, stdin, writeOut: () => undefined, writeErr: (t) => (screen += t) };
  return { io, type: (text) => stdin.write(text), screen: () => screen, rawModes };
}

describe('login prompt on a terminal', () => {
  it('reads the key and the secret without echoing either, in raw mode', async () => {
    const t = terminal();
    const reading = readCredentials(t.io);
    t.type('key-1234567');
    t.type('\r');
    t.type('top-secret-value\r');
    await expect(reading).resolves.toEqual({ apiKey: 'key-1234567', apiSecret: 'top-secret-value' });
    expect(t.screen()).toContain('API key (not shown): ');
    expect(t.screen()).toContain('API secret (not shown): ');
    expect(t.screen()).not.toContain('key-1234567');
    expect(t.screen()).not.toContain('top-secret-value');
    expect(t.rawModes).toEqual([true, false]);
  });

  it('fills both prompts from one paste and honours backspace', async () => {
    const t = terminal();
    const reading = readCredentials(t.io);
    t.type('key-12345x\u007f67\nsecret-abc\n');
    await expect(reading).resolves.toEqual({ apiKey: 'key-1234567', apiSecret: 'secret-abc' });
  });

  it('cancels on Ctrl+C with exit code 130', async () => {
    const t = terminal();
    const reading = readCredentials(t.io);
    t.type('\u0003');
    await expect(reading).rejects.toMatchObject({ exitCode: 130 });
  });
});
