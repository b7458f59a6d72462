import { describe, expect, it } from 'vitest';
import { noticeText, Notices } from '../../../../src/core/app/notify/notices.ts';

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
    expect(noticeText.presetsDropped(1)).toBe('1 saved preset was invalid and left out.');
    expect(noticeText.presetsDropped(2)).toBe('2 saved presets were invalid and left out.');
    expect(noticeText.reconnectFailed(new Error('refused'))).toBe('Could not reconnect: refused');
    expect(noticeText.reconnectFailed('?')).toBe('Could not reconnect: unknown error');
  });

  it('words them in Russian and Simplified Chinese, plurals by each language’s rules', () => {
    expect(noticeText.presetsDropped(1, 'ru')).toBe('1 сохранённый шаблон оказался недействительным и пропущен.');
    expect(noticeText.presetsDropped(3, 'ru')).toBe('3 сохранённых шаблона оказались недействительными и пропущены.');
    expect(noticeText.presetsDropped(5, 'ru')).toBe('5 сохранённых шаблонов оказались недействительными и пропущены.');
    expect(noticeText.presetsDropped(2, 'zh-CN')).toBe('2 个已保存的预设无效，已被忽略。');
    expect(noticeText.reconnectFailed('?', 'ru')).toBe('Не удалось переподключиться: неизвестная ошибка');
  });

  it('takes the app’s language from its dependency', () => {
    const notices = new Notices({ emit: () => undefined }, () => 'zh-CN');
    notices.push(noticeText.reconnectFailed(new Error('x'), notices.language()));
    expect(notices.all()).toEqual(['无法重新连接：x']);
  });
});
