import { mkdir, rm, symlink } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from '../../package.json' with { type: 'json' };
import { GLOBAL_OPTIONS, OPTIONS, parseCommandLine } from '../../src/cli/args.ts';
import type { OptionName } from '../../src/cli/args.ts';
import { COMMANDS, withSubcommand } from '../../src/cli/commands/index.ts';
import { t } from '../../src/cli/i18n.ts';
import { runCli } from './run-cli.ts';
import { tempDir } from '../support/temp-dir.ts';

const BIN = join(import.meta.dirname, '../../bin/energy-tray.js');

/** The option names listed in a help text's option lines ("  --count N  …", "  -y, --yes  …"). */
function listedOptions(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?--([a-z-]+)/gm)].map((m) => m[1] ?? '');
}

describe('--version and help', () => {
  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run).toEqual({ code: 0, stdout: `energy-tray ${manifest.version}\n`, stderr: '' });
  });

  it('every command: `help <command>` and `<command> --help` print its synopsis, exactly the options it accepts, and an example', async () => {
    for (const command of COMMANDS) {
      const [help, flag] = await Promise.all([runCli(['help', command.name]), runCli([command.name, '--help'])]);
      expect(help.code).toBe(0);
      expect(help.stderr).toBe('');
      expect(flag).toEqual(help);
      const text = help.stdout;
      expect(text.startsWith(`usage: npm run -s cli -- ${command.name} ${command.synopsis}`.trimEnd())).toBe(true);
      expect(text).toContain(t(command.summary).slice(1));
      expect(listedOptions(text).sort()).toEqual([...GLOBAL_OPTIONS, ...command.options].sort());
      expect(text).toContain(`\nexample:\n  npm run -s cli -- ${command.example}\n`);
      // The general usage is not what is printed.
      expect(text).not.toContain('commands:');
    }
  }, 60_000); // two processes per command, one command after another: slow on a loaded machine

  it('each example is a valid call of its command', () => {
    for (const command of COMMANDS) {
      const line = withSubcommand(parseCommandLine(command.example.split(' ')));
      expect(line.command).toBe(command.name);
      expect(line.positionals).toHaveLength(command.positionals.length);
      const given = Object.keys(line.values) as OptionName[];
      for (const name of given) expect([...GLOBAL_OPTIONS, ...command.options]).toContain(name);
    }
  });

  it('every option the parser accepts is documented; the general usage lists each command and --version', async () => {
    const documented = new Set<string>(['version', ...GLOBAL_OPTIONS, ...COMMANDS.flatMap((c) => c.options)]);
    expect([...documented].sort()).toEqual(Object.keys(OPTIONS).sort());
    const usage = await runCli(['help']);
    expect(usage.code).toBe(0);
    for (const c of COMMANDS) expect(usage.stdout).toMatch(new RegExp(`^  ${c.name}( |$)`, 'm'));
    expect(usage.stdout).toContain('--version');
    expect(usage.stdout).toContain('help <command>');
    expect(await runCli(['--help'])).toEqual(usage);
  });

  it('help for an unknown command is a usage error', async () => {
    const run = await runCli(['help', 'frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown command "frobnicate".');
  });
});

describe('the energy-tray bin', () => {
  const withNode = { PATH: `${dirname(process.execPath)}${delimiter}${process.env['PATH'] ?? ''}` };

  it('runs through a bin link like the one npm makes, and its hints name `energy-tray`', async () => {
    const dir = tempDir('bin');
    try {
      const link = join(dir, 'node_modules', '.bin', 'energy-tray');
      await mkdir(dirname(link), { recursive: true });
      await symlink(BIN, link);
      const version = await runCli(['--version'], { env: withNode }, [link]);
      expect(version).toEqual({ code: 0, stdout: `energy-tray ${manifest.version}\n`, stderr: '' });
      const help = await runCli(['help', 'balance'], { env: withNode }, [link]);
      expect(help.stdout.startsWith('usage: energy-tray balance')).toBe(true);
      const wrong = await runCli(['frobnicate'], { env: withNode }, [link]);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toBe('Unknown command "frobnicate". Run `energy-tray help` for usage.\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('on a Node too old for type stripping: one line saying which Node is needed', async () => {
    const pretend = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"22.18.0"})';
    const run = await runCli(['--version'], {}, [process.execPath, '--import', pretend, BIN]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('energy-tray needs Node.js 22.22.2 or newer to run its TypeScript sources; this is Node.js 22.18.0.\n');
  });
});
