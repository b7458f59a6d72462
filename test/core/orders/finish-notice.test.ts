import { describe, expect, it } from 'vitest';
import { TypedEmitter } from '../../../src/core/base/typed-emitter.ts';
import { FinishNotice } from '../../../src/core/orders/finish-notice.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { energyIntent, fixedClock, readOnDisk, tempDir } from './journal-helpers.ts';

async function finishedOrder(): Promise<{ journal: OrderJournal; order: TrackedOrder }> {
  const journal = await OrderJournal.open(await tempDir(), fixedClock());
  const intent = await journal.recordIntent(energyIntent());
  return { journal, order: await journal.recordFailed(intent.localId, 'Insufficient balance') };
}

const notifiedOnDisk = (journal: OrderJournal, localId: string): unknown =>
  readOnDisk(journal.path).orders.find((o) => o['localId'] === localId)?.['notifiedAt'];

describe('the one notice of a finished order (FinishNotice)', () => {
  it('is on disk as notified before the event goes out, and goes out once however often it is asked', async () => {
    const { journal, order } = await finishedOrder();
    const events = new TypedEmitter<OrderEvents>();
    const seen: Array<{ state: string; onDisk: unknown }> = [];
    events.on('orderFinished', (o) => seen.push({ state: o.state, onDisk: notifiedOnDisk(journal, o.localId) }));
    const notice = new FinishNotice(journal, events, true);
    await Promise.all([notice.send(order), notice.send(order), notice.send(order)]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.state).toBe('failed');
    expect(seen[0]?.onDisk).toEqual(expect.any(Number));
  });

  it('when turned off marks the order notified and says nothing', async () => {
    const { journal, order } = await finishedOrder();
    const events = new TypedEmitter<OrderEvents>();
    const finished: TrackedOrder[] = [];
    const updated: TrackedOrder[] = [];
    events.on('orderFinished', (o) => finished.push(o));
    events.on('orderUpdated', (o) => updated.push(o));
    await new FinishNotice(journal, events, false).send(order);
    expect(finished).toEqual([]);
    expect(updated.map((o) => o.notifiedAt)).toEqual([expect.any(Number)]);
    expect(journal.get(order.localId)?.notifiedAt).not.toBeNull();
  });
});
