/** A minimal typed event emitter: event name → one payload. */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  private readonly onListenerError: (err: unknown) => void;

  constructor(onListenerError: (err: unknown) => void = (err) => console.error('event listener failed', err)) {
    this.onListenerError = onListenerError;
  }

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** A throwing listener is reported and does not stop the others or the emitter's caller. */
  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
