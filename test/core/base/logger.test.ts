import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, rotateLogs } from '../../../src/core/base/logger.ts';
import { SecretRegistry } from '../../../src/core/base/secret-registry.ts';
import { tempDir } from '../../support/temp-dir.ts';

const SECRET = 'canary-secret-5b1f0e9c7a';
const KEY = 'canary-key-0d7e3f2a91';

describe('logger', () => {
  it('redacts secret fields and scrubs registered secret values everywhere', () => {
    const dir = tempDir('log');
    const secrets = new SecretRegistry();
    secrets.add(SECRET);
    secrets.add(KEY);
    const { logger, file } = createLogger({ dir, secrets });
    logger.info({ apiSecret: SECRET, nested: { apiKey: KEY, note: `key=${KEY}` }, headers: { 'x-signature': 'abc' } }, `message with ${SECRET}`);
    logger.error({ err: new Error(`boom ${SECRET}`) }, 'failed');
    logger.info(`plain ${KEY} text`);
    logger.flush();
    const text = readFileSync(file!, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(KEY);
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('boom [REDACTED]');
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
  });

  it('rotates a large log at start-up and keeps three', () => {
    const dir = tempDir('log');
    const file = join(dir, 'app.log');
    for (let i = 0; i < 5; i++) {
      writeFileSync(file, `generation ${i}\n`.padEnd(200, '.'));
      rotateLogs(file, 100, 3);
    }
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(`${file}.1`, 'utf8')).toContain('generation 4');
    expect(readFileSync(`${file}.3`, 'utf8')).toContain('generation 2');
    expect(existsSync(`${file}.4`)).toBe(false);
  });
});
