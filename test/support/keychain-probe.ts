/**
 * Runs one KeytarStore operation in a child process and prints the outcome as
 * JSON on stdout, so a test can point the child at a broken D-Bus session
 * without disturbing its own. Usage: node keychain-probe.ts <service> <get|set|delete> <profileId>
 */
import { KeychainError } from '../../src/core/credentials/credential-store.ts';
import { KeytarStore } from '../../src/core/credentials/keytar-store.ts';
import { toIpcError } from '../../src/core/ipc/to-ipc-error.ts';

const [service, operation, profileId] = process.argv.slice(2);
if (!service || !profileId || (operation !== 'get' && operation !== 'set' && operation !== 'delete')) {
  process.stderr.write('usage: keychain-probe.ts <service> <get|set|delete> <profileId>\n');
  process.exit(2);
}

const store = new KeytarStore({ service });
try {
  if (operation === 'get') await store.get(profileId);
  else if (operation === 'set') await store.set(profileId, { apiKey: 'probe-key-0000', apiSecret: 'probe-secret-0000' });
  else await store.delete(profileId);
  process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
} catch (err) {
  const error =
    err instanceof KeychainError
      ? { name: err.name, kind: err.kind, message: err.message, ipc: toIpcError(err) }
      : { name: err instanceof Error ? err.name : typeof err, message: String(err) };
  process.stdout.write(`${JSON.stringify({ ok: false, error })}\n`);
}
