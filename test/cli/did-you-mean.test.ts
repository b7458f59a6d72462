import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/cli/args.ts';
import { COMMAND_NAMES } from '../../src/cli/commands/index.ts';
import { nearestNames } from '../../src/cli/suggest.ts';
import { runCli } from './run-cli.ts';

const HELP = ' Run `npm run -s cli -- help` for usage.\n';

describe('nearestNames', () => {
  it('a typo of a command: one letter wrong, missing, extra or two swapped', () => {
    const commands = [...COMMAND_NAMES, 'help'];
    expect(nearestNames('balanse', commands)).toEqual(['balance']);
    expect(nearestNames('blance', commands)).toEqual(['balance']);
    expect(nearestNames('balancee', commands)).toEqual(['balance']);
    expect(nearestNames('blaance', commands)).toEqual(['balance']);
    expect(nearestNames('histroy', commands)).toEqual(['history']);
    expect(nearestNames('by-energy', commands)).toEqual(['buy-energy']);
    expect(nearestNames('wach', commands)).toEqual(['watch']);
    expect(nearestNames('hlep', commands)).toEqual(['help']);
    expect(nearestNames('BALANCE', commands)).toEqual(['balance']);
  });

  it('the start of a name offers every name it starts (at most three)', () => {
    const commands = [...COMMAND_NAMES, 'help'];
    expect(nearestNames('buy', commands)).toEqual(['buy-energy', 'buy-net']);
    expect(nearestNames('fast', commands)).toEqual(['fast-price', 'fast-topup', 'fast-order']);
    expect(nearestNames('hist', commands)).toEqual(['history']);
  });

  it('nothing when no name is near, and never for a word of one or two letters', () => {
    const commands = [...COMMAND_NAMES, 'help'];
    for (const typed of ['frobnicate', 'bogus', 'x', 'ab', '', 'transfer']) expect(nearestNames(typed, commands), typed).toEqual([]);
  });

  it('options', () => {
    const options = Object.keys(OPTIONS);
    expect(nearestNames('prfile', options)).toEqual(['profile']);
    expect(nearestNames('dryrun', options)).toEqual(['dry-run']);
    expect(nearestNames('node', options)).toEqual(['node-url', 'node-budget']);
    expect(nearestNames('node-budgt', options)).toEqual(['node-budget']);
    expect(nearestNames('bogus', options)).toEqual([]);
  });
});

describe('did you mean, on the command line', () => {
  it('a mistyped command: the suggestion, exit 2 (also as the topic of help)', async () => {
    const run = await runCli(['balanse']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `Unknown command "balanse". Did you mean balance?${HELP}` });
    const topic = await runCli(['help', 'balanse']);
    expect(topic).toEqual(run);
    const several = await runCli(['buy', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']);
    expect(several.stderr).toBe(`Unknown command "buy". Did you mean buy-energy or buy-net?${HELP}`);
    const none = await runCli(['frobnicate']);
    expect(none.stderr).toBe(`Unknown command "frobnicate".${HELP}`);
  });

  it('a mistyped option: the suggestion with its dashes, exit 2; --json keeps it in the one JSON line', async () => {
    const run = await runCli(['balance', '--prfile', 'Work']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `Unknown option --prfile. Did you mean --profile?${HELP}` });
    const json = await runCli(['buy-energy', '--dryrun', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({ error: { kind: 'usage', message: `Unknown option --dryrun. Did you mean --dry-run?${HELP}`.trimEnd(), status: null } });
  });

  it('in zh-CN and ru', async () => {
    const ru = await runCli(['balanse', '--lang', 'ru']);
    expect(ru.stderr).toBe('Неизвестная команда "balanse". Возможно, имелось в виду balance? Справка: `npm run -s cli -- help`.\n');
    const zh = await runCli(['buy', '--lang', 'zh-CN']);
    expect(zh.stderr).toBe('未知命令 "buy"。您是不是要输入 buy-energy或buy-net？运行 `npm run -s cli -- help` 查看用法。\n');
  });
});
