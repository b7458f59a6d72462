import { AppService } from '../core/app/app-service.ts';
import type { AppServices } from '../core/app/app-wiring.ts';
import { silentLog } from '../core/app/app-wiring.ts';
import { AppError } from '../core/app/app-error.ts';
import { SecretRegistry } from '../core/base/secret-registry.ts';
import { CliError } from './cli-error.ts';
import type { CommandContext } from './context.ts';
import { resolveDaemonConfig } from './daemon/daemon-config.ts';
import { startFailure } from './daemon/start-failure.ts';
import { EXIT } from './exit-codes.ts';
import { cliLanguage, t } from './i18n.ts';
import { terminalApproval } from './terminal-approval.ts';
import { VERSION } from './version.ts';

/**
 * The wallet and rule commands run the app's own services on the profile, as
 * the daemon does (AppService pinned to it, without a desktop): the same
 * checks, the same lists, the same approvals. Auto top-up does not evaluate
 * meanwhile: editing a rule never buys. The profile's lock is held while the
 * command runs, so a running daemon or app is named and nothing is changed.
 */
export async function withProfileCore<T>(ctx: CommandContext, work: (services: AppServices) => Promise<T>): Promise<T> {
  const config = await resolveDaemonConfig({
    env: ctx.io.env,
    baseUrlFlag: ctx.values['base-url'],
    profileName: ctx.values.profile,
    settings: ctx.settings,
    keychain: ctx.store,
    allowNoWallets: true,
  });
  const secrets = new SecretRegistry();
  for (const secret of config.secrets) secrets.add(secret);
  const approval = terminalApproval(ctx.io, { yes: ctx.values.yes === true, json: ctx.json });
  let services: AppServices | undefined;
  const core = new AppService({
    info: { name: 'energy-tray', version: VERSION, platform: process.platform },
    userDataDir: ctx.userData,
    credentialStore: config.store,
    // An order of the profile that finishes meanwhile is told here rather than lost.
    notifier: { show: ({ title, body }) => ctx.notify('note', `${title}: ${body}`) },
    events: { emit: () => undefined },
    approval,
    secrets,
    log: silentLog,
    pinnedAccount: { profileId: config.profile.id, baseUrl: config.baseUrl },
    systemLocale: () => cliLanguage(),
    onWired: (wired) => {
      services = wired;
      void wired.rules.stop();
    },
    ...(ctx.timeoutMs === undefined ? {} : { timeoutMs: ctx.timeoutMs }),
  });
  try {
    try {
      await core.start();
    } catch (err) {
      throw startFailure(err);
    }
    return await work(services as AppServices);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not_approved') {
      const message = approval.refusedWithoutTerminal ? t('headless.needsYes') : t('headless.notApproved');
      throw new CliError(message, EXIT.failure, 'cancelled');
    }
    throw err;
  } finally {
    await core.stop();
  }
}
