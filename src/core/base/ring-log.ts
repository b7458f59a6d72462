/**
 * A log of the last `capacity` items: once full, each new item overwrites the
 * oldest in place, so adding costs the same however long it has run (an
 * array trimmed with splice moves every element on every add).
 */
export class RingLog<T> {
  readonly capacity: number;
  private readonly items: T[] = [];
  /** Where the oldest item is once the log is full. */
  private start = 0;

  constructor(capacity: number) {
    this.capacity = Math.max(1, Math.floor(capacity));
  }

  push(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
  }

  get size(): number {
    return this.items.length;
  }

  /** The items kept, oldest first (a copy: O(size), for inspection and tests). */
  toArray(): T[] {
    return this.start === 0 ? [...this.items] : [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}
