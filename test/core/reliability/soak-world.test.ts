import { describe, expect, it } from 'vitest';
import { stallOnChannel } from '../../support/stall-on-channel.ts';
import { SOAK_TIMING, SoakWorld } from './soak-world.ts';

/** A paid activation during which the thread stalls past the client's deadline right after the request was written. */
async function activateThroughStall(world: SoakWorld): Promise<void> {
  // Right after the request was written, the thread stalls past the client's deadline.
  const release = stallOnChannel('undici:request:bodySent', SOAK_TIMING.clientTimeoutMs + 200, { once: true });
  try {
    const order = await world.paid(world.intent('activation'));
    expect(order?.state).toBe('outcome_unknown');
    expect(order?.error).toContain('did not answer in time');
  } finally {
    release();
  }
}

/**
 * The soak's "never sent" check against a client deadline that passes while
 * the paid request is on the loopback wire (seen in a full run with seed
 * -247628206): the next turn of the loop runs the deadline's timer before the
 * simulator reads the request, so the order is rightly recorded
 * outcome_unknown, and the simulator logs the request only a moment later,
 * with the status it answered (a 401 when the clocks disagree).
 */
describe('the soak world when a loaded machine delays the event loop past a client deadline', () => {
  it('waits for a request that was on the wire when its deadline passed: it was sent', async () => {
    const world = await SoakWorld.create(1);
    try {
      world.sim.faults.setRandomFaults(null);
      await activateThroughStall(world);
      const counts = await world.check();
      expect(world.ledger.problems).toEqual([]);
      expect(counts).toMatchObject({ duplicates: 0, lost: 0 });
      // The request did leave: the service took it after the client had given up on it.
      expect(world.sim.requests.filter((r) => r.path === '/active_account').map((r) => r.status)).toEqual([200]);
    } finally {
      await world.close();
    }
  });

  it('a purchase whose deadline passed before its connection was made is failed, not sent, and the ledger agrees', async () => {
    const world = await SoakWorld.create(3);
    const release = stallOnChannel('undici:client:beforeConnect', SOAK_TIMING.clientTimeoutMs + 200);
    try {
      world.sim.faults.setRandomFaults(null);
      const order = await world.paid(world.intent('activation'));
      release();
      expect(order?.state).toBe('failed');
      expect(order?.error).toContain('Nothing was sent.');
      const counts = await world.check();
      expect(world.ledger.problems).toEqual([]);
      expect(counts).toMatchObject({ duplicates: 0, lost: 0 });
      expect(world.sim.requests.filter((r) => r.path === '/active_account')).toEqual([]);
    } finally {
      release();
      await world.close();
    }
  });

  it('counts a request the service refused with a 401 the client never read as sent', async () => {
    const world = await SoakWorld.create(2);
    try {
      world.sim.faults.setRandomFaults(null);
      // The service's clock is 10 minutes ahead: the first send is refused, and the deadline passes before the 401 is read.
      world.sim.setClockOffsetSeconds(600);
      await activateThroughStall(world);
      const counts = await world.check();
      expect(world.ledger.problems).toEqual([]);
      expect(counts).toMatchObject({ duplicates: 0, lost: 0 });
      expect(world.sim.requests.filter((r) => r.path === '/active_account').map((r) => r.status)).toEqual([401]);
    } finally {
      await world.close();
    }
  });
});
