/**
 * Runs tasks one after another per key (VS Code serialises keychain access the
 * same way): a task starts only when the previous task on its key has settled,
 * so a write followed by a read never races. Tasks on different keys overlap.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget idle keys so the map does not grow with every profile ever seen.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
