import type { AppLog } from '../../core/app/app-service.ts';
import type { AppServices } from '../../core/app/app-wiring.ts';
import { checkOnce, type RoundResult } from '../../core/app/headless-round.ts';
import { createLogger } from '../../core/base/logger.ts';
import { SecretRegistry } from '../../core/base/secret-registry.ts';
import type { CredentialStore } from '../../core/credentials/credential-store.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import type { Env } from '../access.ts';
import { t } from '../i18n.ts';
import { VERSION } from '../version.ts';
import { applyDaemonFile } from './config-apply.ts';
import { ConfigFileError, loadDaemonFile, type LoadedFile } from './config-file.ts';
import { resolveDaemonConfig, type DaemonConfig } from './daemon-config.ts';
import { openCore, type CoreObserver, type RunningCore } from './daemon-core.ts';
import { daemonError } from './daemon-exit.ts';
import { EXIT } from '../exit-codes.ts';
import { exitCodeOf } from '../failure.ts';
import { startOps, type OpsInput } from './daemon-ops.ts';

/** Where a signal comes from: the process, or a trigger in tests. */
export interface SignalSource {
  /** Calls `handler` with the signal's name on each signal until the returned function is called. */
  listen(handler: (signal: string) => void): () => void;
}

const processSignal = (names: readonly NodeJS.Signals[]): SignalSource => ({
  listen: (handler) => {
    const handlers = names.map((signal) => [signal, () => handler(signal)] as const);
    for (const [signal, on] of handlers) process.on(signal, on);
    return () => {
      for (const [signal, on] of handlers) process.off(signal, on);
    };
  },
});

export const processSignals: SignalSource = processSignal(['SIGTERM', 'SIGINT']);
/** SIGHUP: read the settings again (the --config file, checked first), as `systemctl reload` sends it. */
export const reloadSignals: SignalSource = processSignal(['SIGHUP']);

export interface DaemonInput {
  env: Env;
  profileName: string | undefined;
  baseUrlFlag: string | undefined;
  once: boolean;
  userData: string;
  settings: SettingsStore;
  keychain: CredentialStore;
  timeoutMs: number | undefined;
  /** --config FILE: the daemon's TOML file, applied to the settings before the core starts and on each reload. */
  configFile?: string;
  /** --metrics ADDRESS, else ENERGY_TRAY_METRICS, else the file's [metrics] listen. */
  metricsFlag?: string;
  signals?: SignalSource;
  reloads?: SignalSource;
  /** The log (tests keep it in memory); default: JSON lines on stdout, secrets scrubbed. */
  log?: AppLog;
  /** Tests: the metrics server's address once it listens. */
  onListening?: (url: string) => void;
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

/** The file (if any) applied to the settings, then everything the daemon needs, checked. */
async function configure(input: DaemonInput, loaded: LoadedFile | null, log: AppLog | null): Promise<DaemonConfig> {
  if (loaded) {
    const applied = await applyDaemonFile(input.settings, loaded.file, Date.now());
    for (const change of applied.raised) log?.info({ file: loaded.path, change }, 'config_raises');
  }
  return resolveDaemonConfig({ ...input, profileName: loaded?.file.profile.name ?? input.profileName });
}

/**
 * `energy-tray daemon`: the app's own core with headless ports, on one
 * profile, until SIGTERM or SIGINT, or one round with --once. With --config
 * the file is checked (line-numbered errors; nothing runs on an invalid or
 * unsafe file) and written into the settings first. SIGHUP reloads: a file
 * that fails its checks is logged (config_invalid) and the settings in force
 * stay; a valid one replaces them and the core restarts on them, the
 * metrics and alerts going on. Stopping closes the session the way the app
 * does on quit (a paid call under way is journaled first).
 */
export async function runDaemon(input: DaemonInput): Promise<number> {
  let loaded = input.configFile === undefined ? null : await loadDaemonFile(input.configFile);
  let config = await configure(input, loaded, null);
  const secrets = new SecretRegistry();
  for (const secret of config.secrets) secrets.add(secret);
  const log: AppLog = input.log ?? createLogger({ stdoutLines: true, secrets }).logger;
  const opsInput: OpsInput = { env: input.env, file: loaded?.file ?? null, metricsFlag: input.metricsFlag, secrets, log, once: input.once };
  const ops = await startOps(opsInput, input.onListening);
  const observer: CoreObserver = ops.observer;
  const coreDeps = { userData: input.userData, secrets, log, timeoutMs: input.timeoutMs, observer };
  let core: RunningCore | null = null;
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
  let reloading: Promise<void> = Promise.resolve();
  const reload = async (): Promise<void> => {
    let next: LoadedFile | null = null;
    if (input.configFile !== undefined) {
      try {
        next = await loadDaemonFile(input.configFile);
      } catch (err) {
        const problems = err instanceof ConfigFileError ? err.problems : [String(err)];
        return log.warn({ file: input.configFile, problems, kept: true }, 'config_invalid');
      }
    }
    if (stopSignal !== null || core === null) return;
    await core.stop();
    core = null;
    try {
      config = await configure(input, next, log);
      loaded = next;
    } catch (err) {
      log.error({ err, file: input.configFile ?? null }, 'config_reload_failed');
      config = await configure(input, loaded, null);
    }
    for (const secret of config.secrets) secrets.add(secret);
    ops.reconfigure(loaded?.file ?? null);
    core = await openCore(config, coreDeps);
    log.info({ profile: config.profile.name, wallets: config.wallets, file: input.configFile ?? null }, 'config_reloaded');
  };
  let fatal: Error | null = null;
  const unlistenReload = (input.reloads ?? reloadSignals).listen(() => {
    reloading = reloading.then(reload).catch((err: unknown) => {
      log.error({ err }, 'reload_failed');
      if (core !== null) return;
      // Without a core the daemon would run doing nothing: it stops with the failure's exit code instead.
      fatal ??= err instanceof Error ? err : new Error(String(err));
      wake();
    });
  });
  try {
    core = await openCore(config, coreDeps);
    const profile = {
      profile: config.profile.name,
      profileId: config.profile.id,
      baseUrl: config.baseUrl,
      credentialsFrom: config.credentialsFrom,
    };
    const started = { wallets: config.wallets, once: input.once, pid: process.pid, version: VERSION, config: loaded?.path ?? null };
    log.info({ ...profile, ...started }, 'daemon_started');
    let incomplete: Error | null = null;
    if (input.once) {
      // A signal during the round stops it as it would stop the daemon.
      const round = await Promise.race([checkOnce(core.services as AppServices), stopped]);
      if (round) {
        const { fields, complete } = roundFields(round);
        (complete ? log.info : log.warn).call(log, fields, 'round_done');
        if (!complete) incomplete = daemonError('roundIncomplete', t('daemon.roundIncomplete'));
      }
    } else {
      await stopped;
    }
    await reloading;
    await core?.stop();
    await ops.close();
    const failed = fatal ?? incomplete;
    log.info({ exitCode: failed === null ? EXIT.success : exitCodeOf(failed) }, 'daemon_stopped');
    if (failed !== null) throw failed;
    return EXIT.success;
  } finally {
    unlisten();
    unlistenReload();
    await core?.stop();
    await ops.close();
  }
}
