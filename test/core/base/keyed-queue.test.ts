import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyedQueue } from '../../../src/core/base/keyed-queue.ts';

describe('KeyedQueue', () => {
  it('runs tasks of one key in submission order, never overlapping, even when some fail', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('a', 'b'), fc.nat(3), fc.boolean()), { maxLength: 20 }), async (tasks) => {
        const queue = new KeyedQueue();
        const started: Record<string, number[]> = { a: [], b: [] };
        const running: Record<string, number> = { a: 0, b: 0 };
        let overlap = false;
        await Promise.allSettled(
          tasks.map(([key, ticks, fail], i) =>
            queue.run(key, async () => {
              running[key] = (running[key] ?? 0) + 1;
              if ((running[key] ?? 0) > 1) overlap = true;
              started[key]?.push(i);
              for (let t = 0; t < ticks; t++) await Promise.resolve();
              running[key] = (running[key] ?? 0) - 1;
              if (fail) throw new Error('task failed');
              return i;
            }),
          ),
        );
        const expected = (key: string): number[] => tasks.flatMap(([k], i) => (k === key ? [i] : []));
        return !overlap && JSON.stringify(started['a']) === JSON.stringify(expected('a')) && JSON.stringify(started['b']) === JSON.stringify(expected('b'));
      }),
    );
  });

  it('passes results and errors through to the caller', async () => {
    const queue = new KeyedQueue();
    await expect(queue.run('k', async () => 42)).resolves.toBe(42);
    await expect(queue.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('k', async () => 'after')).resolves.toBe('after');
  });
});
