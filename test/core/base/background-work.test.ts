import { describe, expect, it } from 'vitest';
import { BackgroundWork } from '../../../src/core/base/background-work.ts';

describe('background work', () => {
  it('reports a failed task instead of throwing it, and knows when none is left', async () => {
    const reported: unknown[] = [];
    const work = new BackgroundWork((err) => reported.push(err));
    let finish!: () => void;
    work.run(new Promise<void>((resolve) => (finish = resolve)));
    work.run(Promise.reject(new Error('boom')));
    expect(work.size).toBe(2);
    finish();
    await work.settled();
    await Promise.resolve();
    expect(work.size).toBe(0);
    expect(reported).toEqual([new Error('boom')]);
  });
});
