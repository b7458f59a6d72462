import type { PowerEvents } from '../../src/core/base/power-events.ts';

type Kind = 'suspend' | 'resume' | 'offline' | 'online';

/** PowerEvents the test fires by hand. */
export class FakePowerEvents implements PowerEvents {
  private readonly listeners = new Map<Kind, Set<() => void>>();

  onSuspend(listener: () => void): () => void {
    return this.add('suspend', listener);
  }
  onResume(listener: () => void): () => void {
    return this.add('resume', listener);
  }
  onOffline(listener: () => void): () => void {
    return this.add('offline', listener);
  }
  onOnline(listener: () => void): () => void {
    return this.add('online', listener);
  }

  fire(kind: Kind): void {
    for (const listener of this.listeners.get(kind) ?? []) listener();
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }

  private add(kind: Kind, listener: () => void): () => void {
    const set = this.listeners.get(kind) ?? new Set();
    set.add(listener);
    this.listeners.set(kind, set);
    return () => set.delete(listener);
  }
}
