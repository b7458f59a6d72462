#!/usr/bin/env node
// The `energy-tray` command (package.json "bin"). The CLI is TypeScript that
// Node runs by stripping the types, so this launcher stays plain JavaScript
// that any Node can read: it checks the version first and says so in one line,
// instead of failing with "Unknown file extension .ts".
const MINIMUM = [22, 22, 2];

const current = process.versions.node.split('.').map(Number);
const older = MINIMUM.findIndex((part, i) => current[i] !== part);
if (older !== -1 && (current[older] ?? 0) < MINIMUM[older]) {
  process.stderr.write(`energy-tray needs Node.js ${MINIMUM.join('.')} or newer to run its TypeScript sources; this is Node.js ${process.versions.node}.\n`);
  process.exit(1);
}

try {
  const { startCli } = await import('../src/cli/start.ts');
  await startCli('energy-tray');
} catch (err) {
  // Node strips types only outside node_modules, so the CLI runs from a clone (npm link), not from an installed copy.
  if (err?.code !== 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING') throw err;
  process.stderr.write('energy-tray runs from a clone of the project: in its folder run `npm link` (Node does not run TypeScript inside node_modules).\n');
  process.exit(1);
}
