import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ID } from '../../src/main/app-id.ts';

const builder = JSON.parse(readFileSync(join(import.meta.dirname, '../../electron-builder.json'), 'utf8')) as { appId: string };

/** test/main/index.test.ts checks that main sets it as the AppUserModelId on ready. */
describe('the application id', () => {
  it('is the id the installer registers (electron-builder appId), so Windows shows the notifications', () => {
    expect(builder.appId).toBe(APP_ID);
  });

  it('is a reverse-DNS id Windows accepts as an AppUserModelId (no spaces, at most 128 characters)', () => {
    expect(APP_ID).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+){2,}$/);
    expect(APP_ID.length).toBeLessThanOrEqual(128);
  });
});
