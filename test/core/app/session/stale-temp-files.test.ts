import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeDesktopApps } from '../../../support/fake-desktop.ts';
import { readOnDisk } from '../../../support/order-db.ts';
import { SETTINGS_VERSION } from '../../../../src/core/settings/settings-schema.ts';
import { tempDir } from '../../../support/temp-dir.ts';

const startApp = fakeDesktopApps();

async function tempFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.(tmp|json\.\d+)$/.test(e.name)).map((e) => e.name);
}

/** Runs the writer child and kills it with SIGKILL at a random moment of its writing. */
async function killMidWrite(userDataDir: string, profileId: string): Promise<void> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'writer-child.ts'), userDataDir, profileId], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('ready') ? resolve() : undefined));
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  await new Promise((r) => setTimeout(r, Math.random() * 60));
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

describe('temp files left by killed writers', () => {
  it('are removed at start-up after 20 kill -9 of a writer, and the files they stood beside still load', async () => {
    const userDataDir = tempDir('kill9');
    const profileId = randomUUID();
    let leftBehind = 0;
    for (let kill = 0; kill < 20; kill++) {
      await killMidWrite(userDataDir, profileId);
      leftBehind = (await tempFilesUnder(userDataDir)).length;
    }
    const app = await startApp({ userDataDir });
    console.log(`kill-9: kills=20 temp_files_before_start=${leftBehind} after_start=${(await tempFilesUnder(userDataDir)).length}`);
    expect(await tempFilesUnder(userDataDir)).toEqual([]);
    expect((await app.service.services.state.view()).notices).toEqual([]);
    // The journal is the profile's SQLite store: what the killed writers committed is all there.
    const journal = readOnDisk(join(userDataDir, 'profiles', profileId, 'orders.sqlite'));
    expect(journal.orders.length).toBeGreaterThan(2);
    expect(JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8'))).toMatchObject({ version: SETTINGS_VERSION });
  }, 60_000);

  it('keeps a temp file whose writer is still running', async () => {
    const userDataDir = tempDir('live-writer');
    const { writeFile } = await import('node:fs/promises');
    const live = `settings.json.${process.pid}-0123456789ab.tmp`;
    await writeFile(join(userDataDir, live), '{');
    await startApp({ userDataDir });
    expect(await readdir(userDataDir)).toContain(live);
  });
});
