import { describe, expect, it } from 'vitest';
import type { AppLog } from '../../src/core/app/app-service.ts';
import { SecretRegistry } from '../../src/core/base/secret-registry.ts';
import { CliError } from '../../src/cli/cli-error.ts';
import { checkDaemonFile } from '../../src/cli/daemon/config-file.ts';
import { startOps } from '../../src/cli/daemon/daemon-ops.ts';
import { parseListen } from '../../src/cli/daemon/listen-address.ts';
import { freePort } from './daemon-ops-fakes.ts';

/** Where the metrics server listens (--metrics, ENERGY_TRAY_METRICS, the file), and what it answers before a core is attached. */
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as AppLog;
const fileWith = (listen: string) =>
  checkDaemonFile(`[profile]\nname = "Server"\nbase_url = "https://api.example.com/v2"\n\n[metrics]\nlisten = "${listen}"\n`, '/d.toml');

describe('the metrics address', () => {
  it('a port alone is this computer only; a host is taken as written; anything else is a usage error', () => {
    expect(parseListen('9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseListen('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(parseListen('0.0.0.0:9464')).toEqual({ host: '0.0.0.0', port: 9464 });
    for (const bad of ['localhost:', '70000', 'http://127.0.0.1:9464', '']) {
      expect(() => parseListen(bad), bad).toThrow(CliError);
      expect(() => parseListen(bad)).toThrow(/is not an address to listen on/);
    }
  });

  it('--metrics wins over ENERGY_TRAY_METRICS, which wins over the file; /healthz, /readyz and /metrics answer', async () => {
    const [flag, env, file] = [await freePort(), await freePort(), await freePort()];
    const listening = async (metricsFlag: string | undefined, vars: Record<string, string>): Promise<string> => {
      let url = '';
      const ops = await startOps(
        { env: vars, file: fileWith(`127.0.0.1:${file}`), metricsFlag, secrets: new SecretRegistry(), log: silent, once: false },
        (u) => (url = u),
      );
      try {
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        const ready = await fetch(`${url}/readyz`);
        expect([ready.status, await ready.json()]).toEqual([503, { ready: false, reason: 'no_session' }]);
        const metrics = await fetch(`${url}/metrics`);
        expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
        expect((await fetch(`${url}/other`)).status).toBe(404);
        expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(405);
      } finally {
        await ops.close();
      }
      return url;
    };
    expect(await listening(`127.0.0.1:${flag}`, { ENERGY_TRAY_METRICS: `127.0.0.1:${env}` })).toBe(`http://127.0.0.1:${flag}`);
    expect(await listening(undefined, { ENERGY_TRAY_METRICS: `127.0.0.1:${env}` })).toBe(`http://127.0.0.1:${env}`);
    expect(await listening(undefined, {})).toBe(`http://127.0.0.1:${file}`);
  });
});
