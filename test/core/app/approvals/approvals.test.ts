import { describe, expect, it } from 'vitest';
import { Approvals } from '../../../../src/core/app/approvals/approvals.ts';
import { AppError } from '../../../../src/core/app/app-error.ts';
import { paidOrderApproval, presetApproval, connectApproval } from '../../../../src/core/app/approvals/approval-requests.ts';
import { approvalDialogText, noApproval, type Approval, type ApprovalRequest } from '../../../../src/core/app/ports.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { FakeApproval } from '../../../support/fake-approval.ts';
import { VALID_ADDRESS as ADDRESS } from '../../../support/addresses.ts';

const OTHER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const buy: ApprovalRequest = paidOrderApproval({
  intent: { kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: 65_000, period: '1h' },
  costSun: 3_250_000n,
  host: 'api.example.com',
  demo: false,
  limit: { limitSun: 100_000_000n, spentSun: 10_000_000n, leftSun: 90_000_000n },
});

const failure = (work: Promise<unknown>): Promise<unknown> => work.then(() => null, (e: unknown) => e);

describe('Approvals (the one way the core asks main)', () => {
  it('passes an approved request and refuses a declined one with not_approved', async () => {
    const fake = new FakeApproval(false).approveNext();
    const approvals = new Approvals(fake);
    await approvals.require(buy);
    const err = await failure(approvals.require(buy));
    expect(err).toBeInstanceOf(AppError);
    expect(toIpcError(err)).toEqual({ code: 'not_approved', message: 'Not approved: nothing was sent.', key: 'errors:app.notApprovedSent', values: {} });
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses when the dialog fails, when nothing can ask, and while another approval is open', async () => {
    const broken: Approval = { confirm: () => Promise.reject(new Error('no display')) };
    expect(toIpcError(await failure(new Approvals(broken).require(buy))).code).toBe('not_approved');
    expect(toIpcError(await failure(new Approvals(noApproval).require(buy))).code).toBe('not_approved');
    let answer!: (ok: boolean) => void;
    const slow: Approval = { confirm: () => new Promise((resolve) => (answer = resolve)) };
    const approvals = new Approvals(slow);
    const first = approvals.require(buy);
    const second = await failure(approvals.require({ ...buy, kind: 'settings' }));
    expect((second as Error).message).toBe('Not approved: another approval is waiting for your answer, so nothing was changed.');
    answer(true);
    await first;
  });
});

describe('approval texts', () => {
  it('say what, for which address in full, at what cost, through which host, and the limit left', () => {
    const text = approvalDialogText(buy);
    expect(text.message).toBe('Buy 65,000 energy for 1 hr?');
    expect(text.detail).toContain(`Address: ${ADDRESS}`);
    expect(text.detail).toContain('Cost: 3.25 TRX');
    expect(text.detail).toContain('Service: api.example.com');
    expect(text.detail).toContain('Daily spending limit: 10.00 TRX of 100.00 TRX spent today; 86.75 TRX left after this.');
    expect(text.approve).toBe('Buy for 3.25 TRX');
    expect(text.cancel).toBe('Cancel');
  });

  it('list what a preset change changes, addresses in full', () => {
    const before = { id: 'a', name: 'Top-up', kind: 'timed' as const, resource: 'energy' as const, period: '1h', count: 65_000, address: ADDRESS, capSun: '5000000' };
    const text = approvalDialogText(presetApproval(before, { ...before, address: OTHER, capSun: '10000000' }, 'api.example.com', false));
    expect(text.message).toBe('Change the one-click top-up “\u2068Top-up\u2069”?');
    expect(text.detail).toContain(`Address: ${ADDRESS} → ${OTHER}`);
    expect(text.detail).toContain('Spending cap: 5.00 TRX → 10.00 TRX');
    expect(text.detail).toContain('for at most 10.00 TRX each time, without asking again');
  });

  it('name the new host before a key is sent to it', () => {
    const moved = approvalDialogText(connectApproval({ profileName: 'Work', existing: { baseUrl: 'https://api.example.com/v2', keyHint: 'ab12' }, baseUrl: 'https://evil.example.net/v2', keyHint: 'zz99' }));
    expect(moved.message).toBe('Move “\u2068Work\u2069” to evil.example.net?');
    expect(moved.detail).toContain('Service address: https://api.example.com/v2 → https://evil.example.net/v2');
    expect(moved.detail).toContain('API key: …ab12 → …zz99');
    const fresh = approvalDialogText(connectApproval({ profileName: 'Default', existing: null, baseUrl: 'https://api.example.com/v2', keyHint: 'ab12' }));
    expect(fresh.message).toBe('Connect to api.example.com?');
    expect(fresh.detail).toContain('Send the API key ending in …ab12 and a signature made with its secret to https://api.example.com/v2');
  });
});
