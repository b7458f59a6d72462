import { AppService, type AppLog } from '../../core/app/app-service.ts';
import type { AppServices } from '../../core/app/app-wiring.ts';
import { checkOnce, type RoundResult } from '../../core/app/headless-round.ts';
import { createLogger } from '../../core/base/logger.ts';
import { SecretRegistry } from '../../core/base/secret-registry.ts';
import type { CredentialStore } from '../../core/credentials/credential-store.ts';
import { KeychainError } from '../../core/credentials/credential-store.ts';
import { ProfileLockedError } from '../../core/settings/profile-lock.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import type { Env } from '../access.ts';
import { cliKeychainMessage } from '../keychain-message.ts';
import { t, words } from '../i18n.ts';
import { VERSION } from '../version.ts';
import { resolveDaemonConfig, type DaemonConfig } from './daemon-config.ts';
import { DAEMON_EXIT, daemonError } from './daemon-exit.ts';
import { EXIT } from '../exit-codes.ts';
import { LoggingEventSink, loggingNotifier, refusingApproval } from '../../core/app/headless-ports.ts';

/** Where a stop request comes from: SIGTERM and SIGINT in the process, a trigger in tests. */
export interface StopSignals {
  /** Calls `stop` with the signal's name on each signal until the returned function is called. */
  listen(stop: (signal: string) => void): () => void;
}

export const processSignals: StopSignals = {
  listen: (stop) => {
    const handlers = (['SIGTERM', 'SIGINT'] as const).map((signal) => [signal, () => stop(signal)] as const);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    return () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    };
  },
};

export interface DaemonInput {
  env: Env;
  profileName: string | undefined;
  baseUrlFlag: string | undefined;
  once: boolean;
  userData: string;
  settings: SettingsStore;
  keychain: CredentialStore;
  timeoutMs: number | undefined;
  signals?: StopSignals;
  /** The log (tests keep it in memory); default: JSON lines on stdout, secrets scrubbed. */
  log?: AppLog;
}

/** The round's outcome in one line; the exit code says whether every answer came in. */
function roundFields(round: RoundResult): { fields: Record<string, unknown>; complete: boolean } {
  const failed = round.wallets.filter((w) => w.error !== null).map((w) => w.address);
  const fields = {
    balanceTrxSun: round.balance?.trxSun ?? null,
    wallets: round.wallets.length,
    walletsFailed: failed,
    openOrders: round.openOrders,
  };
  return { fields, complete: round.balance !== null && failed.length === 0 };
}

/** Opening the profile failed: the lock or the keychain say what to fix; anything else is a bug. */
function startFailure(err: unknown): unknown {
  if (err instanceof ProfileLockedError) return daemonError('profileLocked', words(err.text));
  if (err instanceof KeychainError) return daemonError('keychain', cliKeychainMessage(err));
  return err;
}

/**
 * `energy-tray daemon`: the app's own core (AppService over the same wiring)
 * with headless ports, on one profile. It runs until SIGTERM or SIGINT, or
 * one round with --once. Stopping closes the session the way the app does on
 * quit: polling stops, a paid call under way is waited for until its answer
 * (or its unknown outcome) is journaled (its intent was committed before it
 * was sent), the order store is closed and the profile lock released.
 * Resolves with the exit code; misconfiguration throws a CliError with the
 * daemon's exit code (daemon-exit.ts), printed as one line on stderr.
 */
export async function runDaemon(input: DaemonInput): Promise<number> {
  const config: DaemonConfig = await resolveDaemonConfig(input);
  const secrets = new SecretRegistry();
  for (const secret of config.secrets) secrets.add(secret);
  const log: AppLog = input.log ?? createLogger({ stdoutLines: true, secrets }).logger;
  let services: AppServices | undefined;
  const service = new AppService({
    // eslint-disable-next-line no-restricted-syntax -- the program's name in its log lines, the same in every language
    info: { name: 'energy-tray daemon', version: VERSION, platform: process.platform },
    userDataDir: input.userData,
    credentialStore: config.store,
    notifier: loggingNotifier(log),
    events: new LoggingEventSink(log),
    approval: refusingApproval(log),
    secrets,
    log,
    pinnedAccount: { profileId: config.profile.id, baseUrl: config.baseUrl },
    onWired: (wired) => {
      services = wired;
    },
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(config.walletCadence === undefined ? {} : { walletCadence: config.walletCadence }),
  });
  let stopSignal: string | null = null;
  let wake: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const unlisten = (input.signals ?? processSignals).listen((signal) => {
    // A second signal while stopping changes nothing: the order being placed is still being journaled.
    if (stopSignal !== null) return log.warn({ signal }, 'stop_in_progress');
    stopSignal = signal;
    log.info({ signal }, 'daemon_stopping');
    wake();
  });
  try {
    try {
      await service.start();
    } catch (err) {
      throw startFailure(err);
    }
    const profile = {
      profile: config.profile.name,
      profileId: config.profile.id,
      baseUrl: config.baseUrl,
      credentialsFrom: config.credentialsFrom,
    };
    log.info({ ...profile, wallets: config.wallets, once: input.once, pid: process.pid, version: VERSION }, 'daemon_started');
    let incomplete: Error | null = null;
    if (input.once) {
      // A signal during the round stops it as it would stop the daemon.
      const round = await Promise.race([checkOnce(services as AppServices), stopped]);
      if (round) {
        const { fields, complete } = roundFields(round);
        (complete ? log.info : log.warn).call(log, fields, 'round_done');
        if (!complete) incomplete = daemonError('roundIncomplete', t('daemon.roundIncomplete'));
      }
    } else {
      await stopped;
    }
    await service.stop();
    log.info({ exitCode: incomplete === null ? EXIT.success : DAEMON_EXIT.roundIncomplete }, 'daemon_stopped');
    if (incomplete !== null) throw incomplete;
    return EXIT.success;
  } finally {
    unlisten();
    // Idempotent: after a failed start this closes whatever was opened and releases the lock.
    await service.stop();
  }
}
