import type { ServiceApi } from '../../../src/core/api/types.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { notificationFor, type OrderNotification } from '../../../src/core/app/notify/order-notification.ts';
import { OrderScheduler, type SchedulerOptions } from '../../../src/core/orders/scheduler.ts';
import { createFakeApi, type FakeApi, type Handlers, reply } from '../../support/fake-service-api.ts';
import { FakeTimerClock } from '../../support/fake-timer-clock.ts';

/** orderFinished is recorded as the notification it becomes (core/app/notify/notifications.ts words it). */
export type Recorded = { [E in Exclude<keyof OrderEvents, 'orderFinished'>]: Array<OrderEvents[E]> } & { orderFinished: OrderNotification[] };

export interface SchedulerOnFakes {
  clock: FakeTimerClock;
  journal: OrderJournal;
  fake: FakeApi;
  scheduler: OrderScheduler;
  events: Recorded;
  advance(ms: number): Promise<void>;
  settle(): Promise<void>;
}

/** A scheduler over a real journal in `dir`, a scripted API and fake timers (call vi.useFakeTimers() first). */
export async function schedulerOnFakes(dir: string, handlers: Handlers = {}, options: Partial<SchedulerOptions> = {}): Promise<SchedulerOnFakes> {
  const clock = new FakeTimerClock();
  const journal = await OrderJournal.open(dir, clock);
  const fake = createFakeApi({ userInfo: () => reply({ trxSun: 100_000_000n, usdtMicros: 5_000_000n }), ...handlers });
  const scheduler = new OrderScheduler({ api: fake.api, journal, clock, random: () => 0.5, ...options });
  const events: Recorded = {
    orderUpdated: [],
    orderFinished: [],
    balance: [],
    lowBalance: [],
    authRequired: [],
    journalNotice: [],
    pollError: [],
    pauseChanged: [],
  };
  for (const name of Object.keys(events) as Array<keyof OrderEvents>) {
    scheduler.events.on(name, (payload) => (events[name] as unknown[]).push(name === 'orderFinished' ? notificationFor(payload as TrackedOrder) : payload));
  }
  const settle = () => scheduler.whenIdle();
  return { clock, journal, fake, scheduler, events, settle, advance: (ms) => clock.advance(ms, settle) };
}

/** Answers in turn; the last answer repeats. */
export function inTurn<A extends unknown[], R>(...answers: Array<(...args: A) => R>): (...args: A) => R {
  let i = 0;
  return (...args) => answers[Math.min(i++, answers.length - 1)]!(...args);
}

export type QueryResult = ServiceApi['queryResult'];
