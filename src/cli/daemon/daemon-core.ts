import type { RequestEvent } from '../../core/api/client.ts';
import { AppService, type AppLog } from '../../core/app/app-service.ts';
import type { AppServices } from '../../core/app/app-wiring.ts';
import type { SecretRegistry } from '../../core/base/secret-registry.ts';
import type { NodeRequestEvent } from '../../core/chain/node-transport.ts';
import { LoggingEventSink, loggingNotifier, refusingApproval } from '../../core/app/headless-ports.ts';
import { cliLanguage } from '../i18n.ts';
import { VERSION } from '../version.ts';
import type { DaemonConfig } from './daemon-config.ts';
import { startFailure } from './start-failure.ts';

/** What watches the core from outside it (metrics, alerts): requests as they are sent, the services once built. */
export interface CoreObserver {
  onApiRequest(event: RequestEvent): void;
  onNodeRequest(event: NodeRequestEvent): void;
  /** A new core's services (at start, and after each reload). */
  attach(services: AppServices, config: DaemonConfig): void;
}

export interface RunningCore {
  services: AppServices;
  stop(): Promise<void>;
}

/**
 * The app's own core (AppService over the same wiring) with headless ports,
 * on the one profile of `config`, started. A reload stops one and opens the
 * next on the settings the new file wrote.
 */
export async function openCore(
  config: DaemonConfig,
  deps: { userData: string; secrets: SecretRegistry; log: AppLog; timeoutMs: number | undefined; observer: CoreObserver | null },
): Promise<RunningCore> {
  const { log, observer } = deps;
  let services: AppServices | undefined;
  const service = new AppService({
    // eslint-disable-next-line no-restricted-syntax -- the program's name in its log lines, the same in every language
    info: { name: 'energy-tray daemon', version: VERSION, platform: process.platform },
    userDataDir: deps.userData,
    credentialStore: config.store,
    notifier: loggingNotifier(log),
    events: new LoggingEventSink(log),
    approval: refusingApproval(log),
    secrets: deps.secrets,
    log,
    pinnedAccount: { profileId: config.profile.id, baseUrl: config.baseUrl },
    systemLocale: () => cliLanguage(),
    onWired: (wired) => {
      services = wired;
    },
    ...(observer
      ? { onApiRequest: (e: RequestEvent) => observer.onApiRequest(e), onNodeRequest: (e: NodeRequestEvent) => observer.onNodeRequest(e) }
      : {}),
    ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }),
    ...(config.walletCadence === undefined ? {} : { walletCadence: config.walletCadence }),
  });
  const wired = services as unknown as AppServices;
  observer?.attach(wired, config);
  try {
    await service.start();
  } catch (err) {
    // Idempotent: closes whatever was opened and releases the lock.
    await service.stop();
    throw startFailure(err);
  }
  return { services: wired, stop: () => service.stop() };
}
