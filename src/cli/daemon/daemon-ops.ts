import type { AppLog } from '../../core/app/app-service.ts';
import type { AppServices } from '../../core/app/app-wiring.ts';
import type { SecretRegistry } from '../../core/base/secret-registry.ts';
import type { Env } from '../access.ts';
import { envValue } from '../access.ts';
import { AlertService } from './alerts/alert-service.ts';
import { alertSettings } from './alerts/alert-settings.ts';
import type { DaemonFile } from './config-schema.ts';
import type { CoreObserver } from './daemon-core.ts';
import { DaemonMetrics } from './daemon-metrics.ts';
import { startHealthServer, type Readiness } from './health-server.ts';
import { parseListen } from './listen-address.ts';

export const ENV_METRICS = 'ENERGY_TRAY_METRICS';

export interface OpsInput {
  env: Env;
  file: DaemonFile | null;
  metricsFlag: string | undefined;
  secrets: SecretRegistry;
  log: AppLog;
  once: boolean;
}

export interface Ops {
  observer: CoreObserver;
  /** A reload's new file: the alert channels and thresholds follow it (the metrics server keeps its address). */
  reconfigure(file: DaemonFile | null): void;
  close(): Promise<void>;
}

/** Ready: a session is open, a balance was read, the service answered it, and not longer ago than 3 poll intervals. */
export function readinessOf(services: AppServices | null, now: number): Readiness {
  if (!services || !services.sessions.current()) return { ready: false, reason: 'no_session' };
  const snapshot = services.balance.snapshot;
  if (!snapshot) return { ready: false, reason: 'no_balance_yet' };
  const health = services.balance.healthView().status;
  if (health === 'auth_failed') return { ready: false, reason: 'service_auth_failed' };
  if (health === 'unreachable') return { ready: false, reason: 'service_unreachable' };
  if (now - snapshot.at > 3 * services.settings.current.pollIntervalSeconds * 1000) return { ready: false, reason: 'balance_stale' };
  return { ready: true, reason: 'balance_fresh' };
}

/**
 * What the daemon adds around the core for the people who run it: the
 * metrics and health server (--metrics, ENERGY_TRAY_METRICS or the file's
 * [metrics] listen) and the alert channels (the file's [alerts], else the
 * environment). Both outlive a reload's new core.
 */
export async function startOps(input: OpsInput, onListening?: (url: string) => void): Promise<Ops> {
  const listenText = input.metricsFlag ?? envValue(input.env, ENV_METRICS) ?? input.file?.metrics.listen;
  const metrics = listenText === undefined ? null : new DaemonMetrics({ addresses: input.file?.metrics.addresses ?? false });
  let services: AppServices | null = null;
  const settings = alertSettings(input.file, input.env);
  const alerts = new AlertService({ log: input.log, secrets: input.secrets, settings, env: input.env });
  let server: { url: string; close(): Promise<void> } | null = null;
  if (metrics && listenText !== undefined && !input.once) {
    server = await startHealthServer(parseListen(listenText), {
      metrics: async () => ({ contentType: metrics.contentType, text: await metrics.text() }),
      readiness: () => readinessOf(services, Date.now()),
    });
    input.log.info({ url: server.url }, 'metrics_listening');
    onListening?.(server.url);
  }
  return {
    observer: {
      onApiRequest: (e) => metrics?.apiRequest(e),
      onNodeRequest: (e) => {
        metrics?.nodeRequest(e);
        alerts.nodeRequest(e);
      },
      attach: (wired, config) => {
        services = wired;
        metrics?.attach(wired, config.profile.name);
        alerts.attach(wired, config.profile.name);
      },
    },
    reconfigure: (file) => alerts.reconfigure(alertSettings(file, input.env)),
    close: async () => {
      await server?.close();
      server = null;
      await alerts.close();
    },
  };
}
