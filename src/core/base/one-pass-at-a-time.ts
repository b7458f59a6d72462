/**
 * A task run one pass at a time: asked while a pass runs, it runs once more
 * after it, however often it was asked meanwhile. Stopped, it starts no pass,
 * and stop() resolves when the pass under way has ended. A failing pass is
 * reported, never thrown at whoever asked.
 */
export class OnePassAtATime {
  private readonly task: () => Promise<unknown>;
  private readonly onError: (err: unknown) => void;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(task: () => Promise<unknown>, onError: (err: unknown) => void) {
    this.task = task;
    this.onError = onError;
  }

  /** Passes may run again (the default). */
  start(): void {
    this.stopped = false;
  }

  request(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.task()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    await this.running;
  }

  /** Resolves when no pass is running (tests). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }
}
