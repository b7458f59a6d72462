import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Net, PowerMonitor } from 'electron';
import { fakeElectron, type Fake, type FakeEmitter, type Listener } from '../support/fake-electron.ts';

/** powerMonitor as an emitter the test fires, and a network whose state the test sets. */
const subscribed = new Map<string, Set<Listener>>();
const powerMonitor: FakeEmitter<PowerMonitor> & { off: FakeEmitter<PowerMonitor>['on'] } = {
  on: (event, listener) => subscribed.set(event, (subscribed.get(event) ?? new Set()).add(listener)),
  off: (event, listener) => subscribed.get(event)?.delete(listener),
};
let online = true;
const net: Fake<Net, 'isOnline'> = { isOnline: () => online };
vi.mock('electron', () => ({ ...fakeElectron, powerMonitor, net }));
const { electronPowerEvents } = await import('../../src/main/power-events.ts');

/** The port's network half is optional; the Electron adapter must provide it. */
function networkEvents(): { onOffline: (l: () => void) => () => void; onOnline: (l: () => void) => () => void } {
  const { onOffline, onOnline } = electronPowerEvents();
  if (!onOffline || !onOnline) throw new Error('the Electron adapter reports no network changes');
  return { onOffline, onOnline };
}

const fire = (event: string): void => subscribed.get(event)?.forEach((listener) => listener());

describe('power and network events (glue)', () => {
  beforeEach(() => {
    subscribed.clear();
    online = true;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('passes suspend and resume through, until unsubscribed', () => {
    const events = electronPowerEvents();
    const seen: string[] = [];
    const stopSuspend = events.onSuspend(() => seen.push('suspend'));
    const stopResume = events.onResume(() => seen.push('resume'));
    fire('suspend');
    fire('resume');
    fire('lock-screen');
    stopSuspend();
    stopResume();
    fire('suspend');
    fire('resume');
    expect(seen).toEqual(['suspend', 'resume']);
    expect([...subscribed.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('samples the network every 10 s and reports each change once, in its direction', () => {
    const events = networkEvents();
    const seen: string[] = [];
    events.onOffline(() => seen.push('offline'));
    events.onOnline(() => seen.push('online'));
    online = false;
    vi.advanceTimersByTime(9_999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['offline']);
    vi.advanceTimersByTime(30_000);
    expect(seen).toEqual(['offline']);
    online = true;
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['offline', 'online']);
  });

  it('a flap shorter than one sample is not reported; unsubscribing stops the sampling', () => {
    const events = networkEvents();
    const seen: string[] = [];
    const stopOffline = events.onOffline(() => seen.push('offline'));
    const stopOnline = events.onOnline(() => seen.push('online'));
    expect(vi.getTimerCount()).toBe(2);
    online = false;
    vi.advanceTimersByTime(5_000);
    online = true;
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual([]);
    stopOffline();
    stopOnline();
    expect(vi.getTimerCount()).toBe(0);
    online = false;
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual([]);
  });
});
