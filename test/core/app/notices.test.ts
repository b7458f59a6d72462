import { describe, expect, it } from 'vitest';
import { noticeText, Notices } from '../../../src/core/app/notices.ts';

describe('in-app notices (Notices)', () => {
  it('keeps every notice for the state and pushes announced ones to an open dashboard at once', () => {
    const pushed: unknown[] = [];
    const notices = new Notices({ emit: (event, payload) => pushed.push({ event, payload }) });
    notices.push('kept quietly');
    notices.announce('the journal could not be saved');
    expect(notices.all()).toEqual(['kept quietly', 'the journal could not be saved']);
    expect(pushed).toEqual([{ event: 'app:notice', payload: { level: 'warning', message: 'the journal could not be saved' } }]);
    notices.all().push('not a notice');
    expect(notices.all()).toHaveLength(2);
  });

  it('words the app’s own notices', () => {
    expect(noticeText.presetsDropped(2)).toBe('2 saved preset(s) were invalid and left out.');
    expect(noticeText.authenticationFailed('Bad key.')).toBe('Authentication failed: Bad key. Polling is paused until you fix the credentials in Settings.');
    expect(noticeText.reconnectFailed(new Error('refused'))).toBe('Could not reconnect: refused');
    expect(noticeText.reconnectFailed('?')).toBe('Could not reconnect: unknown error');
  });
});
