import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(import.meta.dirname, '../../scripts/check-test-system.ts');

describe('npm test preflight (scripts/check-test-system.ts)', () => {
  it('passes on this machine, which has every system package the tests need', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('names the missing package and the exact install command in one line', () => {
    const result = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Chromium at /nonexistent/chromium');
    expect(lines[0]).toContain('sudo apt-get install -y chromium');
  });

  it('names every missing keychain tool in the same one-line command', () => {
    const result = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '/nonexistent' },
    });
    expect(result.status).toBe(1);
    if (process.platform === 'linux') {
      expect(result.stderr).toMatch(/install with: sudo apt-get install -y dbus gnome-keyring/);
    }
  });
});
