/**
 * `npm run -s cli -- <command> …`: the command line over the same client,
 * keychain entry and settings file as the app. The `energy-tray` bin
 * (bin/energy-tray.js) starts the same thing. See usage.ts.
 */
import { startCli } from './start.ts';

// eslint-disable-next-line no-restricted-syntax -- a command line, the same in every language
await startCli('npm run -s cli --');
