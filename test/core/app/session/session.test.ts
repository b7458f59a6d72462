import { describe, expect, it } from 'vitest';
import { Session } from '../../../../src/core/app/session/session.ts';
import { systemClock } from '../../../../src/core/base/clock.ts';
import { SecretRegistry } from '../../../../src/core/base/secret-registry.ts';
import { DEMO_USER } from '../../../../src/core/simulator/index.ts';
import { tempDir } from '../../../support/temp-dir.ts';

const settings = { balanceIntervalMs: 60_000, lowBalanceThresholdSun: 0n, notificationsEnabled: true };

describe('one live connection (Session)', () => {
  it('opens the demo on its own simulator, scrubs its credentials from logs while open, and forgets them on close', async () => {
    const secrets = new SecretRegistry();
    const session = await Session.openDemo({ clock: systemClock, secrets, timeoutMs: 5_000 }, tempDir('session'), settings);
    expect(session).toMatchObject({ profileId: 'demo', demo: true });
    expect((await session.api.userInfo()).data.trxSun).toBeGreaterThan(0n);
    expect(secrets.scrub(`key ${DEMO_USER.apiKey}`)).toBe('key [REDACTED]');
    await session.close();
    expect(secrets.scrub(`key ${DEMO_USER.apiKey}`)).toBe(`key ${DEMO_USER.apiKey}`);
  });

  it('closes only after the paid submissions it runs have settled', async () => {
    const session = await Session.openDemo({ clock: systemClock, secrets: new SecretRegistry() }, tempDir('session'), settings);
    let settled = false;
    void session.track(new Promise<void>((resolve) => setTimeout(resolve, 200)).then(() => void (settled = true)));
    await session.close();
    expect(settled).toBe(true);
  });
});
