import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DaemonMetrics } from '../../src/cli/daemon/daemon-metrics.ts';
import { checkDaemonFile } from '../../src/cli/daemon/config-file.ts';

/** The server page and its examples name what the daemon really serves and accepts. */
const DOCS = join(import.meta.dirname, '../../docs');
const read = (path: string): string => readFileSync(join(DOCS, path), 'utf8');
const named = (text: string): string[] => [...new Set([...text.matchAll(/\benergy_tray_[a-z_]+/g)].map((m) => m[0]))];

describe('docs/server.md and docs/examples', () => {
  const served = new Set(new DaemonMetrics({ addresses: false }).registry.getMetricsAsArray().map((m) => m.name));

  it('the alerting rules and the page use only metrics the daemon serves, and the page lists every one', () => {
    const rules = named(read('examples/energy-tray-rules.yml'));
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const name of [...rules, ...named(read('server.md'))]) expect(served, name).toContain(name.replace(/_(bucket|sum|count)$/, ''));
    for (const name of [...served].filter((n) => n.startsWith('energy_tray_'))) expect(read('server.md')).toContain(`\`${name}\``);
  });

  it('the page’s example file is a valid daemon file', () => {
    const page = read('server.md');
    const toml = /```toml\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    const file = checkDaemonFile(toml, '/etc/energy-tray/daemon.toml');
    expect(file.rules.map((r) => r.name)).toEqual(['Keep payroll ready']);
    expect(file.alerts.telegram?.token).toEqual({ credential: 'telegram-token' });
  });
});
