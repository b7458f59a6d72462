// Starts the command line for bin/energy-tray.js (the `energy-tray` bin) and
// scripts/cli.js (`npm run -s cli --`). Plain JavaScript that any Node can
// read: the CLI is TypeScript that Node runs by stripping the types, so the
// version is checked first and said in one line, instead of failing with
// "Unknown file extension .ts".
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const MINIMUM = [22, 22, 2];

/**
 * Where Node keeps the type-stripped sources and V8's compiled code between
 * runs (module.enableCompileCache): after the first run neither is redone,
 * which is most of a short command's start. Inside the clone's node_modules,
 * writable by the clone's owner only (a cache in a shared temporary folder
 * could be filled by someone else). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
const COMPILE_CACHE = fileURLToPath(new URL('../node_modules/.cache/energy-tray-cli', import.meta.url));

/** `program` is how the user started it, so that every hint names a command they can type. */
export async function launch(program) {
  const current = process.versions.node.split('.').map(Number);
  const older = MINIMUM.findIndex((part, i) => current[i] !== part);
  if (older !== -1 && (current[older] ?? 0) < MINIMUM[older]) {
    const needs = `energy-tray needs Node.js ${MINIMUM.join('.')} or newer to run its TypeScript sources`;
    process.stderr.write(`${needs}; this is Node.js ${process.versions.node}.\n`);
    process.exit(1);
  }
  // A cache that cannot be written (a read-only clone) only means a slower start.
  module.enableCompileCache?.(COMPILE_CACHE);
  try {
    const { startCli } = await import('../src/cli/start.ts');
    await startCli(program);
  } catch (err) {
    // Node strips types only outside node_modules, so the CLI runs from a clone (npm link), not from an installed copy.
    if (err?.code !== 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING') throw err;
    process.stderr.write(
      'energy-tray runs from a clone of the project: in its folder run `npm link` (Node does not run TypeScript inside node_modules).\n',
    );
    process.exit(1);
  }
}
