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
