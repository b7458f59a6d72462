import { net, powerMonitor } from 'electron';
import type { PowerEvents } from '../core/app/ports.ts';

const ONLINE_CHECK_MS = 10_000;

/**
 * Electron's powerMonitor behind the core's plain PowerEvents port. Main has
 * no online/offline event, so net.isOnline() is sampled and changes reported.
 */
export function electronPowerEvents(): PowerEvents {
  const subscribe = (event: 'suspend' | 'resume' | 'lock-screen', listener: () => void): (() => void) => {
    powerMonitor.on(event as 'suspend', listener);
    return () => powerMonitor.off(event as 'suspend', listener);
  };
  const watchOnline = (want: boolean, listener: () => void): (() => void) => {
    let last = net.isOnline();
    const timer = setInterval(() => {
      const now = net.isOnline();
      if (now !== last && now === want) listener();
      last = now;
    }, ONLINE_CHECK_MS);
    timer.unref();
    return () => clearInterval(timer);
  };
  return {
    onSuspend: (listener) => subscribe('suspend', listener),
    onResume: (listener) => subscribe('resume', listener),
    onOffline: (listener) => watchOnline(false, listener),
    onOnline: (listener) => watchOnline(true, listener),
  };
}
