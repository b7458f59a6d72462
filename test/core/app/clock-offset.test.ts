import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src/core/simulator/index.ts';
import { fakeDesktopApps } from '../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();
const KEY = 'clock-offset-key-1';
const SECRET = 'clock-offset-secret-1';
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
});

describe('a service whose clock is hours ahead (dual boot)', () => {
  it('is followed with one in-app notice and one notification that name the offset', async () => {
    sim = await startSimulator({ users: [{ apiKey: KEY, secret: SECRET, trxSun: 100_000_000n, usdtMicros: 0n }] });
    sim.setClockOffsetSeconds(9 * 3600);
    const app = await startApp();
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: KEY, apiSecret: SECRET });
    await app.service.services.balance.refresh();
    const notices = (await app.service.services.state.view()).notices.map(englishText).filter((n) => n.includes('clock'));
    expect(notices).toEqual([expect.stringContaining("This computer's clock is 9 h behind the service's.")]);
    expect(app.notifications.filter((n) => n.title === "This computer's clock is off")).toHaveLength(1);
    expect(app.events.filter((e) => e.event === 'app:notice')).toHaveLength(1);
  });
});
