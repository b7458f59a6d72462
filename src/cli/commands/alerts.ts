import type { CommandCode, CommandResult } from '../command.ts';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { t } from '../i18n.ts';
import { columnsTable } from '../table.ts';

/**
 * `energy-tray alerts test`: one test message to every channel of the
 * --config file (else of the environment), each answer reported; exit 1
 * unless every channel took it. Secrets are read as the daemon reads them
 * and never printed.
 */
export const alertsTest: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const [{ loadDaemonFile }, { alertSettings, resolveSecret }, { sendAlert }] = await Promise.all([
      import('../daemon/config-file.ts'),
      import('../daemon/alerts/alert-settings.ts'),
      import('../daemon/alerts/alert-channels.ts'),
    ]);
    const file = ctx.values.config === undefined ? null : (await loadDaemonFile(ctx.values.config)).file;
    const settings = alertSettings(file, ctx.io.env);
    if (settings.channels.length === 0) throw new CliError(t('alerts.none'), EXIT.usage, 'usage');
    const profile = file?.profile.name ?? ctx.values.profile ?? '';
    const { alertWords } = await import('../daemon/alerts/alert-words.ts');
    const words = alertWords({ event: 'test' }, 'firing', profile);
    const results = await Promise.all(
      settings.channels.map(async (channel) => {
        const message = { key: 'test', event: 'test', state: 'test' as const, ...words, profile, at: Date.now() };
        const result = await sendAlert(channel, resolveSecret(channel.secret, ctx.io.env), message);
        return { channel: channel.kind, ok: result.ok, status: result.status, error: result.ok ? null : result.error };
      }),
    );
    const rows = results.map((r) => [
      r.channel,
      r.ok ? t('alerts.delivered', { status: r.status ?? 0 }) : t('alerts.failed', { error: r.error ?? '' }),
    ]);
    const text = columnsTable([t('alerts.channel'), t('alerts.result')], rows);
    const allOk = results.every((r) => r.ok);
    return { json: { channels: results }, text, ...(allOk ? {} : { failure: t('alerts.someFailed') }) };
  },
};
