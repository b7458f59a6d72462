/**
 * Promises a component runs in the background: a failure is reported, never
 * thrown at whoever started it, and settled() lets a caller (a test, a clean
 * shutdown) wait until none is left.
 */
export class BackgroundWork {
  private readonly tasks = new Set<Promise<void>>();
  private readonly onError: (err: unknown) => void;

  constructor(onError: (err: unknown) => void) {
    this.onError = onError;
  }

  run(task: Promise<void>): void {
    const tracked = task.catch(this.onError);
    this.tasks.add(tracked);
    void tracked.finally(() => this.tasks.delete(tracked));
  }

  get size(): number {
    return this.tasks.size;
  }

  /** Waits for the tasks running now (they may start more; loop on `size` to wait for those too). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.tasks]);
  }
}
