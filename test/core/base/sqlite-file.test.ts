import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { NewerSchemaError, openSqliteFile, storageReason, type Migration } from '../../../src/core/base/sqlite-file.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dir = (): string => tempDir('sqlite-file');

const v1: Migration = { version: 1, up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)') };
const v2: Migration = { version: 2, up: (db) => db.exec('CREATE TABLE decisions (id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES notes (id))') };
const pragma = (db: DatabaseSync, name: string): unknown => Object.values(db.prepare(`PRAGMA ${name}`).get() as object)[0];

describe('openSqliteFile', () => {
  it('creates a private WAL database with full sync and the schema of the last migration', async () => {
    const d = await dir();
    const path = join(d, 'x.sqlite');
    const db = openSqliteFile(path, d, { migrations: [v1] });
    expect(pragma(db, 'journal_mode')).toBe('wal');
    expect(pragma(db, 'synchronous')).toBe(2); // FULL
    expect(pragma(db, 'page_size')).toBe(1024);
    expect(pragma(db, 'user_version')).toBe(1);
    db.close();
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('migrates an older file forward, keeping its data', async () => {
    const d = await dir();
    const path = join(d, 'x.sqlite');
    const old = openSqliteFile(path, d, { migrations: [v1] });
    old.prepare('INSERT INTO notes (body) VALUES (?)').run('kept');
    old.close();
    const db = openSqliteFile(path, d, { migrations: [v1, v2] });
    expect(pragma(db, 'user_version')).toBe(2);
    expect(db.prepare('SELECT body FROM notes').all()).toEqual([{ body: 'kept' }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'decisions'").get()).toEqual({ name: 'decisions' });
    db.close();
  });

  it('rolls a failing migration back: the file stays at its version', async () => {
    const d = await dir();
    const path = join(d, 'x.sqlite');
    openSqliteFile(path, d, { migrations: [v1] }).close();
    const broken: Migration = {
      version: 2,
      up: (db) => {
        db.exec('CREATE TABLE half (id INTEGER)');
        throw new Error('migration bug');
      },
    };
    expect(() => openSqliteFile(path, d, { migrations: [v1, broken] })).toThrow('migration bug');
    const db = openSqliteFile(path, d, { migrations: [v1] });
    expect(pragma(db, 'user_version')).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a file of a newer schema with a clear message and writes nothing to it', async () => {
    const d = await dir();
    const path = join(d, 'x.sqlite');
    const newer = openSqliteFile(path, d, { migrations: [v1, v2] });
    newer.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    newer.close();
    const before = await readFile(path);
    let thrown: unknown;
    try {
      openSqliteFile(path, d, { migrations: [v1] });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(NewerSchemaError);
    expect((thrown as NewerSchemaError).message).toMatch(/newer version of the app \(schema 2; this version knows up to 1\).*left untouched/);
    expect(await readFile(path)).toEqual(before);
  });

  it('names a full disk in words', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (x BLOB); PRAGMA max_page_count = 3');
    let thrown: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (randomblob(100000))').run();
    } catch (err) {
      thrown = err;
    }
    expect(storageReason(thrown)).toEqual({ key: 'errors:storage.diskFull' });
    expect(englishText(storageReason(thrown))).toBe('the disk is full');
  });
});
