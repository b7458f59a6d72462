import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';

describe('VirtualClock', () => {
  it('jumps to the earliest timer, in order, and honours clearTimeout', () => {
    const clock = new VirtualClock(100);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 50);
    const cancelled = clock.setTimeout(() => fired.push('never'), 10);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 20);
    clock.clearTimeout(cancelled);
    expect(clock.nextAt()).toBe(120);
    while (clock.step());
    expect(fired).toEqual(['a@120', 'b@150']);
    expect(clock.pendingTimers()).toBe(0);
    expect(clock.step()).toBe(false);
  });
});
