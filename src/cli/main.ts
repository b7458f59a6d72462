/**
 * `npm run -s cli -- <command> …`: the command line over the same client,
 * keychain entry and settings file as the app. See usage.ts.
 */
import { runCli } from './run.ts';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  writeOut: (text) => process.stdout.write(text),
  writeErr: (text) => process.stderr.write(text),
});
process.exitCode = code;
