import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { CliError } from '../cli-error.ts';
import { DAEMON_EXIT } from './daemon-exit.ts';
import { t } from '../i18n.ts';
import { schemaProblems } from './config-issues.ts';
import { planProfile, type ConfigProblem } from './config-plan.ts';
import { daemonFileSchema, type DaemonFile } from './config-schema.ts';
import { lineOfKey } from './toml-lines.ts';

/** The file could not be used: unsafe, unreadable or invalid; each problem one line, with its line number. */
export class ConfigFileError extends CliError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'), DAEMON_EXIT.badConfig, 'config');
    this.problems = problems;
  }
}

export interface LoadedFile {
  path: string;
  file: DaemonFile;
}

const MAX_PROBLEMS = 20;

/**
 * The file sets what may be spent, so it must be as private as an ssh key:
 * owned by root or by the user running the daemon, and writable by no one
 * else (no group or other write bit).
 */
async function checkSafe(path: string): Promise<void> {
  let stats;
  try {
    stats = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    throw new ConfigFileError([t('config.unreadable', { file: path, code })]);
  }
  if (!stats.isFile()) throw new ConfigFileError([t('config.notAFile', { file: path })]);
  const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
  if ((stats.mode & 0o022) !== 0) throw new ConfigFileError([t('config.writable', { file: path, mode })]);
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== 0 && stats.uid !== uid) {
    throw new ConfigFileError([t('config.owner', { file: path, owner: stats.uid })]);
  }
}

function located(source: string, path: string, problems: readonly ConfigProblem[]): string[] {
  return problems.slice(0, MAX_PROBLEMS).map((p) => {
    const line = lineOfKey(source, p.path);
    const key = p.path.filter((part) => typeof part === 'string').join('.');
    return t('config.problem', { at: line === null ? path : `${path}:${line}`, key, message: p.message });
  });
}

/** The TOML text checked in full, or every problem found, each with its file and line. */
export function checkDaemonFile(source: string, path: string): DaemonFile {
  let raw: unknown;
  try {
    raw = parse(source);
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const reason = err.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? '';
    throw new ConfigFileError([t('config.syntax', { at: `${path}:${err.line}:${err.column}`, reason })]);
  }
  // reportInput: a missing key and a value of the wrong kind are told apart (the file holds no secret, only their names).
  const parsed = daemonFileSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    throw new ConfigFileError(located(source, path, schemaProblems(parsed.error.issues)));
  }
  const context = { profileId: 'check', now: Date.now(), newId: randomUUID, before: { wallets: [], rules: [] } };
  const { problems } = planProfile(parsed.data, context);
  if (problems.length > 0) throw new ConfigFileError(located(source, path, problems));
  return parsed.data;
}

/** Reads, checks the permissions of, and validates `file`; nothing runs on a file that fails. */
export async function loadDaemonFile(file: string): Promise<LoadedFile> {
  const path = resolve(file);
  await checkSafe(path);
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (err) {
    throw new ConfigFileError([t('config.unreadable', { file: path, code: (err as NodeJS.ErrnoException).code ?? 'EIO' })]);
  }
  return { path, file: checkDaemonFile(source, path) };
}
