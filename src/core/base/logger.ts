import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import type { SecretRegistry } from './secret-registry.ts';

export type { Logger } from 'pino';

/** Field names whose values never reach a log line, whatever object they sit in. */
export const REDACTED_PATHS = [
  'apiSecret',
  'secret',
  'apiKey',
  'password',
  'signature',
  'credentials',
  'headers["x-signature"]',
  'headers["x-api-key"]',
  '*.apiSecret',
  '*.secret',
  '*.apiKey',
  '*.password',
  '*.signature',
  '*.credentials',
  '*.headers["x-signature"]',
  '*.headers["x-api-key"]',
];

const MAX_BYTES = 2 * 1024 * 1024;
const KEEP = 3;

/** Size-based rotation at start-up: app.log → app.log.1 → … → app.log.3. */
export function rotateLogs(file: string, maxBytes = MAX_BYTES, keep = KEEP): void {
  if (!existsSync(file) || statSync(file).size < maxBytes) return;
  rmSync(`${file}.${keep}`, { force: true });
  for (let i = keep - 1; i >= 1; i--) {
    if (existsSync(`${file}.${i}`)) renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  }
  renameSync(file, `${file}.1`);
}

export interface LoggerOptions {
  /** Folder for app.log; omitted: log to stderr (CLI, tests). */
  dir?: string;
  /**
   * The headless daemon's format: one JSON object a line on stdout, with
   * `time` (ISO 8601), `level` (its name), `event` (the message) and the fields.
   */
  stdoutLines?: boolean;
  level?: string;
  secrets: SecretRegistry;
}

/**
 * One structured logger for main. Redaction works twice: by field name
 * (pino's redact) and by value (every registered secret is scrubbed from
 * messages and nested strings).
 */
export function createLogger(options: LoggerOptions): { logger: Logger; file: string | null } {
  const { secrets } = options;
  let file: string | null = null;
  const lines = options.stdoutLines === true;
  let destination: pino.DestinationStream = pino.destination(lines ? { dest: 1, sync: true } : 2);
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    file = join(options.dir, 'app.log');
    rotateLogs(file);
    destination = pino.destination({ dest: file, mkdir: true, sync: true, mode: 0o600 });
  }
  const logger = pino(
    {
      level: options.level ?? 'info',
      ...(lines ? { messageKey: 'event', base: undefined, timestamp: pino.stdTimeFunctions.isoTime } : {}),
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      formatters: {
        ...(lines ? { level: (label: string) => ({ level: label }) } : {}),
        log: (object) => secrets.scrubDeep(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => secrets.scrubDeep(a)) as Parameters<typeof method>;
          method.apply(this, scrubbed);
        },
      },
      serializers: {
        err: (err: unknown) => {
          if (!(err instanceof Error)) return err;
          // Name and message only: stacks and own properties of library errors can carry request data.
          return { type: err.name, message: secrets.scrub(err.message) };
        },
      },
    },
    destination,
  );
  return { logger, file };
}
