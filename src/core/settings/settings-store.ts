import { msg, type Message } from '../../shared/i18n/message.ts';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writePrivateFileAtomic } from '../base/atomic-file.ts';
import { DomainError } from '../base/domain-error.ts';
import { fileSystemReason } from '../base/sqlite-file.ts';
import { KeyedQueue } from '../base/keyed-queue.ts';
import { SettingsFormatError, migrate, settingsField } from './settings-migrate.ts';
import { defaultSettings, settingsSchema } from './settings-schema.ts';
import type { Settings } from './settings-schema.ts';

export const SETTINGS_FILE = 'settings.json';

/** Reading or writing the settings file failed at the file-system level; a failed save changed nothing. */
export class SettingsStorageError extends DomainError {
  readonly code: string | undefined;

  constructor(action: 'read' | 'save', cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const reason = fileSystemReason(cause);
    super(msg(action === 'save' ? 'errors:settings.saveFailed' : 'errors:settings.readFailed', { reason }), { cause });
    this.name = 'SettingsStorageError';
    this.code = code;
  }
}

/** An update produced settings that do not fit the schema; nothing was written. */
export class InvalidSettingsError extends DomainError {
  constructor(field: string) {
    super(msg('errors:settings.invalid', { field }));
    this.name = 'InvalidSettingsError';
  }
}

export interface SettingsStoreOptions {
  /** The user-data folder (user-data-dir.ts); tests pass a temp dir. */
  dir: string;
  now?: () => number;
}

export interface LoadedSettings {
  settings: Settings;
  /** Set after an unreadable file was moved aside, for the UI to show (until clearNotice()). */
  notice?: Message;
}

/**
 * settings.json in the user-data folder, shared by the app and the CLI. Every
 * operation re-reads the file (the other process may have written it) and runs
 * in one queue, so concurrent updates apply in order and none is lost. Writes
 * are complete or do not happen (base/atomic-file.ts: every byte, fsync, size
 * check, rename) with mode 0600 in a 0700 folder.
 */
export class SettingsStore {
  readonly dir: string;
  readonly file: string;
  private readonly now: () => number;
  private readonly queue = new KeyedQueue();
  private pendingNotice: Message | undefined;

  constructor(options: SettingsStoreOptions) {
    this.dir = options.dir;
    this.file = join(options.dir, SETTINGS_FILE);
    this.now = options.now ?? Date.now;
  }

  /**
   * The notice about a file moved aside stays on every load until
   * clearNotice(), so a caller that only wants the settings (the account
   * service, the CLI) cannot swallow it before the UI has shown it.
   */
  load(): Promise<LoadedSettings> {
    return this.queue.run('settings', async () => {
      const settings = await this.read();
      const notice = this.pendingNotice;
      return notice === undefined ? { settings } : { settings, notice };
    });
  }

  /** The user has seen the notice. */
  clearNotice(): void {
    this.pendingNotice = undefined;
  }

  update(mutator: (settings: Settings) => Settings): Promise<Settings> {
    return this.queue.run('settings', async () => {
      const current = await this.read();
      const parsed = settingsSchema.safeParse(mutator(structuredClone(current)));
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new InvalidSettingsError(settingsField(first?.path));
      }
      await this.write(parsed.data);
      return parsed.data;
    });
  }

  private async read(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings();
      throw new SettingsStorageError('read', err);
    }
    try {
      return migrate(JSON.parse(text));
    } catch (err) {
      const reason = err instanceof SettingsFormatError ? err.reason : msg('errors:settings.notJson');
      return this.quarantine(reason);
    }
  }

  /** Never reset silently: keep the unreadable file beside the new one and tell the user where. */
  private async quarantine(reason: Message): Promise<Settings> {
    const aside = `${SETTINGS_FILE}.corrupt-${this.now()}`;
    try {
      await rename(this.file, join(this.dir, aside));
    } catch (err) {
      throw new SettingsStorageError('read', err);
    }
    this.pendingNotice = msg('notices:settingsMovedAside', { reason, file: aside });
    return defaultSettings();
  }

  private async write(settings: Settings): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writePrivateFileAtomic(this.file, this.dir, `${JSON.stringify(settings, null, 2)}\n`);
    } catch (err) {
      throw new SettingsStorageError('save', err);
    }
  }
}
