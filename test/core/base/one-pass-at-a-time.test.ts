import { describe, expect, it } from 'vitest';
import { OnePassAtATime } from '../../../src/core/base/one-pass-at-a-time.ts';

/** A task whose passes end when the test says so. */
function gatedTask() {
  const releases: Array<() => void> = [];
  let passes = 0;
  const task = (): Promise<void> => {
    passes++;
    return new Promise((resolve) => releases.push(resolve));
  };
  return { task, passes: () => passes, release: () => releases.shift()?.() };
}

describe('OnePassAtATime', () => {
  it('runs one more pass after the one under way, however often it was asked meanwhile', async () => {
    const gate = gatedTask();
    const runs = new OnePassAtATime(gate.task, () => undefined);
    runs.request();
    runs.request();
    runs.request();
    expect(gate.passes()).toBe(1);
    gate.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.passes()).toBe(2);
    gate.release();
    await runs.whenIdle();
    expect(gate.passes()).toBe(2);
  });

  it('stopped, starts no pass and resolves once the one under way has ended', async () => {
    const gate = gatedTask();
    const runs = new OnePassAtATime(gate.task, () => undefined);
    runs.request();
    runs.request();
    let stopped = false;
    const stopping = runs.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.release();
    await stopping;
    runs.request();
    expect(gate.passes()).toBe(1);
    runs.start();
    runs.request();
    expect(gate.passes()).toBe(2);
  });

  it('reports a failing pass and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const runs = new OnePassAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    }, (err) => errors.push(err));
    runs.request();
    await runs.whenIdle();
    runs.request();
    await runs.whenIdle();
    expect(errors).toEqual([new Error('boom')]);
    expect(calls).toBe(2);
  });
});
