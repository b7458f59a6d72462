import { setProgramName } from './program.ts';
import { runCli } from './run.ts';

/**
 * Runs the command line of this process. `program` is how the user started
 * it (`energy-tray` from the bin, `npm run -s cli --` from a clone), so hints
 * name a command they can type.
 */
export async function startCli(program: string): Promise<void> {
  setProgramName(program);
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    stdin: process.stdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    writeOut: (text) => process.stdout.write(text),
    writeErr: (text) => process.stderr.write(text),
  });
}
