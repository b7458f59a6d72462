import { describe, expect, it } from 'vitest';
import { PAID_ORDERS, tornWalRun, tornWalScenario } from '../../support/money-guards/torn-wal.ts';

describe('a WAL that cannot hide a loss (the real app, four paid orders, then a restart)', () => {
  it('names the missing orders after the WAL was cut in half, and the daily limit counts at least the recorded spend; an intact store says nothing', async () => {
    const { torn, intact, noticed } = await tornWalScenario();
    expect(torn.ordersBefore).toBe(PAID_ORDERS);
    expect(torn.ordersAfter).toBeLessThan(PAID_ORDERS);
    expect(torn.damageNotices).toHaveLength(1);
    expect(torn.damageNotices[0]).toMatch(new RegExp(`Missing: orders? #(\\d+ to #)?${PAID_ORDERS}, the last placed `));
    expect(torn.damageNotices[0]).toContain('Check the service console');
    expect(torn.spentAfterSun).toBeGreaterThanOrEqual(torn.recordedSun);
    expect(torn.recordedSun).toBeGreaterThan(0n);

    expect(intact).toMatchObject({ ordersBefore: PAID_ORDERS, ordersAfter: PAID_ORDERS, damageNotices: [] });
    expect(intact.spentAfterSun).toBe(intact.recordedSun);
    expect(noticed).toBe(1);
  }, 60_000);

  it('once the checkpoint after paid intents has run, a cut WAL loses none of them', async () => {
    const run = await tornWalRun({ tear: true, afterCheckpoint: true });
    expect(run).toMatchObject({ ordersBefore: PAID_ORDERS, ordersAfter: PAID_ORDERS, damageNotices: [] });
    expect(run.spentAfterSun).toBeGreaterThanOrEqual(run.recordedSun);
  }, 60_000);
});
