/**
 * How the user started the CLI, so that every hint names a command they can
 * type: `energy-tray` through the package's bin, `npm run -s cli --` from a
 * clone. Set once by the entry point before any command runs.
 */
// eslint-disable-next-line no-restricted-syntax -- a command line, the same in every language
let program = 'npm run -s cli --';

export function setProgramName(name: string): void {
  program = name;
}

/** `rest` prefixed with the program, e.g. "energy-tray login". */
export function commandLine(rest: string): string {
  return `${program} ${rest}`;
}
