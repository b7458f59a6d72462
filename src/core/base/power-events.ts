/**
 * Power and network state, fed by Electron's powerMonitor and online events in
 * the glue (main sees it through core/app/ports.ts). Each method subscribes
 * and returns the unsubscribe function. Generic on purpose: the scheduler
 * pauses on it and so will the wallet watcher.
 */
export interface PowerEvents {
  onSuspend(listener: () => void): () => void;
  onResume(listener: () => void): () => void;
  onOffline?(listener: () => void): () => void;
  onOnline?(listener: () => void): () => void;
}

/** Pauses `target` while the machine sleeps ('suspend') or is offline ('offline'); returns the unsubscribe functions. */
export function pauseWithPower(
  power: PowerEvents,
  target: { pause(reason: string): void; resume(reason: string): void },
): Array<() => void> {
  const offs = [power.onSuspend(() => target.pause('suspend')), power.onResume(() => target.resume('suspend'))];
  if (power.onOffline) offs.push(power.onOffline(() => target.pause('offline')));
  if (power.onOnline) offs.push(power.onOnline(() => target.resume('offline')));
  return offs;
}
