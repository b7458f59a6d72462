import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface BenchUser {
  apiKey: string;
  secret: string;
}

export const BENCH_USER: BenchUser = { apiKey: 'bench-api-key-0123456789', secret: 'bench-secret-abcdefghijklmnop' };

/** The simulator in its own process (so its work is not measured with the app's); closed by closing its stdin. */
export async function startSimulatorProcess(options: { timing?: { timedOrderMs?: number; fastRecoverMs?: number }; requestLogLimit?: number } = {}): Promise<{ baseUrl: string; pid: number; close(): Promise<void> }> {
  const config = { users: [{ ...BENCH_USER, trxSun: '1000000000000000', usdtMicros: '0' }], ...options };
  const child = spawn(process.execPath, [join(import.meta.dirname, 'simulator-process.ts'), JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`the simulator process ended early (${code})`)));
  });
  return {
    baseUrl,
    pid: child.pid ?? 0,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
