/**
 * A failure the CLI itself detects (usage, missing credentials, a failed
 * watch): printed as one line on stderr, never with a stack trace.
 */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export const LOGIN_HINT = 'npm run -s cli -- login';

/** Exit 2: the command line itself is wrong; nothing was sent. */
export function usageError(message: string): CliError {
  return new CliError(`${message} Run \`npm run -s cli -- help\` for usage.`, 2);
}
