import { describe, expect, it } from 'vitest';
import { foreignOrdersScenario } from '../../../support/money-guards/foreign-orders.ts';

describe('one store, many processes: orders the CLI places while the app runs', () => {
  it('shows them in the order list, the tray and today’s spend within 2 s, follows one left running and notifies it once; a refusal the CLI printed is not notified again', async () => {
    const result = await foreignOrdersScenario();
    expect(result.running.cli.code, result.running.cli.stderr).toBe(0);
    expect(result.running.order).toMatchObject({ state: 'running', kind: 'energy', count: 65_000 });
    expect(result.running.seenS).toBeLessThanOrEqual(2);
    expect(result.running.appNotifications).toBe(1);

    expect(result.refused.cli.code).not.toBe(0);
    expect(result.refused.order).toMatchObject({ state: 'failed', count: 66_000 });
    expect(result.refused.seenS).toBeLessThanOrEqual(2);
    expect(result.refused.appNotifications).toBe(0);
    expect(result.seenS).toBeLessThanOrEqual(2);
  }, 60_000);
});
