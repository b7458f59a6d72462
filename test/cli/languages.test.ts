import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { CATALOGUES } from '../../src/shared/i18n/catalogue.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

/** A command's summary as a catalogue has it ("commands.buyEnergy.summary" → its words). */
function summary(language: keyof typeof CATALOGUES, key: string): string {
  let node: unknown = CATALOGUES[language].cli;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

const NBSP = /[\u00a0\u202f]/g;

describe('the human output in the chosen language', () => {
  beforeAll(() => {
    // 1,234,567.891234 TRX: grouping, the decimal separator and every digit show.
    fixture().sim.setBalance(fixture().user.apiKey, 1_234_567_891_234n);
  });

  it('balance: amounts by the one money rule in the language’s notation; --json exact to the SUN, the same in every language', async () => {
    const en = await fx.cli(['balance']);
    expect(en.stdout).toBe('TRX   1,234,567.89 TRX\nUSDT  100.00 USDT\n');
    const zh = await fx.cli(['balance', '--lang', 'zh-CN']);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toBe('TRX   1,234,567.89 TRX\nUSDT  100.00 USDT\n');
    const ru = await fx.cli(['balance', '--lang=ru']);
    expect(ru.code).toBe(0);
    expect(ru.stdout.replace(NBSP, ' ')).toBe('TRX   1 234 567,89 TRX\nUSDT  100,00 USDT\n');
    const json = await fx.cli(['balance', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ balance_trx: '1234567.891234', balance_usdt: '100.0000' });
    expect((await fx.cli(['balance', '--json', '--lang', 'ru'])).stdout).toBe(json.stdout);
    expect((await fx.cli(['balance', '--json'], { ENERGY_TRAY_LANG: 'zh-CN' })).stdout).toBe(json.stdout);
  });

  it('help: every heading and every command summary in zh-CN and ru, no English summary left', async () => {
    for (const [language, heading, options] of [
      ['zh-CN', 'Energy Tray 命令行', '所有命令通用的选项：'],
      ['ru', 'Energy Tray — командная строка', 'параметры всех команд:'],
    ] as const) {
      const run = await fx.cli(['help', '--lang', language]);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith(`${heading}\n`)).toBe(true);
      expect(run.stdout).toContain(options);
      for (const command of COMMANDS) {
        expect(run.stdout).toContain(`  ${command.name}`);
        expect(run.stdout).toContain(summary(language, command.summary));
        expect(run.stdout).not.toContain(summary('en', command.summary));
      }
    }
    const one = await fx.cli(['buy-energy', '--help', '--lang', 'ru']);
    expect(one.stdout).toContain('Делегировать энергию на адрес на срок (платно; не меньше 30 000).');
    expect(one.stdout).toContain('  --count N   единицы энергии, не меньше 30 000');
  });

  it('an error: a usage error and a refusal of the service in the chosen language, with the same exit codes', async () => {
    const sent = fx.sim.requests.length;
    const zh = await fx.cli(['buy-energy', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '--count', '-5', '--period', '1h', '--lang', 'zh-CN']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toBe('--count 不能为负数，收到 "-5"。运行 `npm run -s cli -- help` 查看用法。\n');
    const ru = await fx.cli(['bogus', '--lang', 'ru']);
    expect(ru.code).toBe(2);
    expect(ru.stderr).toBe('Неизвестная команда "bogus". Справка: `npm run -s cli -- help`.\n');
    expect(fx.sim.requests.length).toBe(sent);
    const denied = await fx.cli(['balance', '--lang', 'ru'], { ENERGY_TRAY_API_KEY: 'not-a-key' });
    expect(denied.code).toBe(3);
    // The service's refusal in Russian too (the core's words come from the catalogues), said once: no lead repeats the kind.
    expect(denied.stderr).toMatch(/^Ошибка аутентификации при чтении баланса \(HTTP 401\)\. Проверьте ключ и секрет API/);
    // Only the service's own words, quoted, stay as the service wrote them.
    expect(denied.stderr.replace(/«[^»]*»/g, '')).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/);
    const json = await fx.cli(['bogus', '--lang', 'ru', '--json']);
    expect(JSON.parse(json.stderr)).toEqual({ error: { kind: 'usage', message: ru.stderr.trimEnd(), status: null } });
  });

  it('rules and daemon: their table words, help and misconfiguration lines in the chosen language, exit codes unchanged', async () => {
    expect((await fx.cli(['rules', '--lang', 'ru'])).stdout).toBe('У этого профиля нет правил автопополнения.\n');
    expect((await fx.cli(['rules', '--lang', 'zh-CN'])).stdout).toBe('此配置档案没有自动补充规则。\n');
    const zh = await fx.cli(['daemon', '--profile', 'Nowhere', '--lang', 'zh-CN']);
    expect(zh.code).toBe(10);
    expect(zh.stderr).toMatch(/^没有名为 "Nowhere" 的已保存配置档案（.+）。请用 .+ profile create NAME --base-url URL（或在应用中）创建它，然后用 wallets add 添加要监控的钱包。\n$/);
    const help = await fx.cli(['help', 'daemon', '--lang', 'ru']);
    expect(help.stdout).toContain('Учётные данные: ENERGY_TRAY_API_KEY и ENERGY_TRAY_API_SECRET');
    expect(help.stdout).toContain('16 — --once не завершил цикл');
  });
});

describe('which language', () => {
  const heading = async (env: Record<string, string | undefined>, args: string[] = []): Promise<string> =>
    (await fx.cli(['help', ...args], env)).stdout.split('\n')[0] ?? '';
  const EN = 'Energy Tray command line';
  const ZH = 'Energy Tray 命令行';
  const RU = 'Energy Tray — командная строка';

  it('follows the system: LC_ALL, then LC_MESSAGES, then LANG; a locale it does not speak, or C, is English', async () => {
    expect(await heading({})).toBe(EN);
    expect(await heading({ LANG: 'ru_RU.UTF-8' })).toBe(RU);
    expect(await heading({ LANG: 'ru_RU.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' })).toBe(ZH);
    expect(await heading({ LANG: 'zh_CN.UTF-8', LC_ALL: 'ru_RU.UTF-8' })).toBe(RU);
    expect(await heading({ LANG: 'ru_RU.UTF-8', LC_ALL: 'C' })).toBe(EN);
    expect(await heading({ LANG: 'de_DE.UTF-8' })).toBe(EN);
  });

  it('ENERGY_TRAY_LANG overrides the system, --lang overrides both', async () => {
    expect(await heading({ LANG: 'ru_RU.UTF-8', ENERGY_TRAY_LANG: 'zh-CN' })).toBe(ZH);
    expect(await heading({ LC_ALL: 'zh_CN.UTF-8', ENERGY_TRAY_LANG: 'ru' })).toBe(RU);
    expect(await heading({ ENERGY_TRAY_LANG: 'ru', LANG: 'zh_CN.UTF-8' }, ['--lang', 'en'])).toBe(EN);
    expect(await heading({ ENERGY_TRAY_LANG: '', LANG: 'ru_RU.UTF-8' })).toBe(RU);
  });

  it('an unknown --lang or ENERGY_TRAY_LANG is refused with the list of languages (exit 2), in the system’s language', async () => {
    const flag = await fx.cli(['balance', '--lang', 'de']);
    expect(flag.code).toBe(2);
    expect(flag.stdout).toBe('');
    expect(flag.stderr).toBe('--lang "de" is not a language Energy Tray speaks: use one of en, zh-CN, ru. Run `npm run -s cli -- help` for usage.\n');
    const env = await fx.cli(['balance'], { ENERGY_TRAY_LANG: 'klingon', LANG: 'ru_RU.UTF-8' });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe('ENERGY_TRAY_LANG "klingon" — язык, которого Energy Tray не знает: укажите один из en, zh-CN, ru. Справка: `npm run -s cli -- help`.\n');
    const json = await fx.cli(['balance', '--json', '--lang=xx']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { kind: 'usage' } });
  });
});
