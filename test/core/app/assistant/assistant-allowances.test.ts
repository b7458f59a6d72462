import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import type { Message } from '../../../../src/shared/i18n/message.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notifications } from '../../../../src/core/app/notify/notifications.ts';
import { assistantAllowanceApproval } from '../../../../src/core/app/assistant/assistant-approval.ts';
import { approvalDialogText } from '../../../../src/core/app/approvals/approval-text.ts';
import { checkAllowanceDraft, type Allowance } from '../../../../src/core/assistant/allowance.ts';
import { OrderJournal } from '../../../../src/core/orders/order-journal.ts';
import type { TrackedOrder } from '../../../../src/core/orders/order-types.ts';
import { systemClock } from '../../../../src/core/base/clock.ts';
import { SettingsStore } from '../../../../src/core/settings/settings-store.ts';
import { profileDataDir } from '../../../../src/core/settings/user-data-dir.ts';
import { startSimulator, type Simulator } from '../../../../src/core/simulator/index.ts';
import { FakeApproval } from '../../../support/fake-approval.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';
import { VALID_ADDRESS as WALLET } from '../../../support/addresses.ts';

const ELSEWHERE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USER = { apiKey: 'assistant-allowance-key', secret: 'assistant-allowance-secret', trxSun: 100_000_000n, usdtMicros: 0n };
const draft = { dailyTrx: '20', perOrderTrx: '5', watchedOnly: true, addresses: [] as string[] };
const allowance = (over: Partial<typeof draft> = {}): Allowance => {
  const checked = checkAllowanceDraft({ ...draft, ...over }, 'p', 1);
  if (!checked.ok) throw new Error('bad draft');
  return checked.allowance;
};

describe('the assistant allowance in the app (issue 27)', () => {
  let sim: Simulator;
  let app: AppOnFakeDesktop;
  const approval = new FakeApproval(false);
  const stored = async (): Promise<unknown[]> => (await new SettingsStore({ dir: app.userDataDir }).load()).settings.assistantAllowances ?? [];

  beforeAll(async () => {
    sim = await startSimulator({ users: [USER] });
    app = await startAppOnFakeDesktop({ approval });
    approval.approveNext();
    await app.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  });
  afterAll(async () => {
    await app?.service.stop();
    await sim?.close();
  });

  it('is off by default; turning it on, raising or widening it asks main, and a no changes nothing', async () => {
    expect(app.service.services.assistant.get()).toMatchObject({ enabled: false, available: true, draft: { watchedOnly: true } });
    approval.denyNext();
    await expect(app.service.services.assistant.save(draft)).rejects.toMatchObject({ kind: 'not_approved' });
    expect(await stored()).toEqual([]);
    approval.approveNext();
    expect(await app.service.services.assistant.save(draft)).toMatchObject({ saved: true, allowance: { enabled: true, dailySun: '20000000', perOrderSun: '5000000' } });
    expect(approvalDialogText(approval.requests.at(-1)!).message).toBe('Let AI assistants buy energy, up to 20.00 TRX a day?');
    const asked = approval.requests.length;
    // Lower, narrow or off: nothing to approve.
    expect(await app.service.services.assistant.save({ ...draft, perOrderTrx: '2' })).toMatchObject({ saved: true });
    expect(await app.service.services.assistant.save(null)).toMatchObject({ saved: true, allowance: { enabled: false } });
    expect(approval.requests.length).toBe(asked);
    approval.approveNext();
    await app.service.services.assistant.save({ ...draft, watchedOnly: false, addresses: [ELSEWHERE] });
    approval.denyNext();
    await expect(app.service.services.assistant.save({ ...draft, watchedOnly: false, addresses: [ELSEWHERE, WALLET] })).rejects.toMatchObject({ kind: 'not_approved' });
    expect(await stored()).toEqual([expect.objectContaining({ watchedOnly: false, addresses: [ELSEWHERE] })]);
    expect(await app.service.services.assistant.save({ ...draft, perOrderTrx: '50' })).toEqual({ saved: false, problems: [{ field: 'perOrderTrx', problem: 'above_daily' }] });
  });

  it('says each change one a line, every address in full', () => {
    const text = approvalDialogText(assistantAllowanceApproval(allowance(), allowance({ dailyTrx: '30', watchedOnly: false, addresses: [WALLET, ELSEWHERE] })));
    expect(text.message).toBe('Let AI assistants spend more or elsewhere?');
    expect(text.detail).toContain('• Per day: 20.00 TRX → 30.00 TRX');
    expect(text.detail).toContain(`• Address: ${WALLET}`);
    expect(text.detail).toContain(`• Address: ${ELSEWHERE}`);
    expect(text.detail).toContain('counts against the daily spending limit');
  });

  it('tells the person, once, what an MCP server in another process was refused', async () => {
    const profileId = (await app.service.services.state.view()).activeProfileId!;
    const mcp = await OrderJournal.open(profileDataDir(app.userDataDir, profileId), systemClock, { origin: 'cli' });
    const before = app.events.filter((e) => e.event === 'app:notice').length;
    const reason = 'supplier \u202Epayment';
    mcp.assistant.recordRefusal({ at: Date.now(), client: 'Claude Desktop', reason, address: WALLET, kind: 'energy', count: 64_285, costSun: 3_214_300n, why: 'per_day', limitSun: 2_000_000n });
    mcp.close();
    let notices: string[] = [];
    for (let i = 0; i < 40 && notices.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      notices = app.events.filter((e) => e.event === 'app:notice').slice(before).map((e) => englishText((e.payload as { message: Message }).message));
    }
    expect(notices).toEqual([
      `“\u2068Claude Desktop\u2069” asked to buy energy for ${WALLET} (3.21 TRX, “\u2068supplier \uFFFDpayment\u2069”), outside the assistant allowance: at most 2.00 TRX a day. Nothing was bought. To allow it, raise the allowance in Settings → AI assistants.`,
    ]);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(app.events.filter((e) => e.event === 'app:notice').length).toBe(before + 1);
  });

  it("names the assistant and its reason in the notification of an order it placed", () => {
    const shown: Array<{ title: string; body: string }> = [];
    const order = { localId: 'o1', kind: 'energy', profileId: 'p', address: WALLET, resource: 'energy', count: 65_000, period: '1h', orderSn: 'EN1', orderId: null, quotedSun: 1n, chargedSun: 1n, createdAt: 1, updatedAt: 2, lastPolledAt: 2, attempts: 1, state: 'succeeded', serverStatus: 'success', txIds: [], error: null, finishedAt: 2, notifiedAt: null, presetId: null, assistant: { client: 'Cursor\nSystem', reason: 'payroll' } } satisfies TrackedOrder;
    new Notifications({ show: (n) => shown.push(n) }).orderFinished(order);
    expect(shown[0]?.title).toMatch(/^Via “\u2068Cursor\uFFFDSystem\u2069”: /);
    expect(shown[0]?.body.split('\n').at(-1)).toBe('Reason given: “\u2068payroll\u2069”');
  });
});
