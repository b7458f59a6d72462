import { describe, expect, it } from 'vitest';
import { noticeText, Notices, pauseReasonsText } from '../../../../src/core/app/notify/notices.ts';
import { PAUSE_REASONS } from '../../../../src/shared/views.ts';
import { englishText } from '../../../../src/shared/i18n/english-message.ts';
import { messageText } from '../../../../src/shared/i18n/i18n.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { userText } from '../../../../src/core/base/domain-error.ts';

describe('in-app notices (Notices)', () => {
  it('keeps every notice for the state and pushes announced ones to an open dashboard at once', () => {
    const pushed: unknown[] = [];
    const notices = new Notices({ emit: (event, payload) => pushed.push({ event, payload }) });
    const kept = noticeText.presetsDropped(1);
    const announced = noticeText.walletsDropped(2);
    notices.push(kept);
    notices.announce(announced);
    expect(notices.all()).toEqual([kept, announced]);
    expect(pushed).toEqual([{ event: 'app:notice', payload: { level: 'warning', message: announced } }]);
    notices.all().push(kept);
    expect(notices.all()).toHaveLength(2);
  });

  it('words the app’s own notices, an error inside one in its own words, and a bug in generic words', () => {
    expect(englishText(noticeText.presetsDropped(1))).toBe('1 saved preset was invalid and left out.');
    expect(englishText(noticeText.presetsDropped(2))).toBe('2 saved presets were invalid and left out.');
    expect(englishText(noticeText.reconnectFailed(msg('errors:app.noBalance')))).toBe('Could not reconnect: No balance yet.');
    expect(englishText(noticeText.reconnectFailed(userText(new Error('/home/someone/secret'))))).toBe(
      'Could not reconnect: Something went wrong inside Energy Tray. See the log for details.',
    );
  });

  it('words them in Russian and Simplified Chinese, plurals by each language’s rules', () => {
    expect(messageText(noticeText.presetsDropped(1), 'ru')).toBe('1 сохранённый шаблон оказался недействительным и пропущен.');
    expect(messageText(noticeText.presetsDropped(3), 'ru')).toBe('3 сохранённых шаблона оказались недействительными и пропущены.');
    expect(messageText(noticeText.presetsDropped(5), 'ru')).toBe('5 сохранённых шаблонов оказались недействительными и пропущены.');
    expect(messageText(noticeText.presetsDropped(2), 'zh-CN')).toBe('2 个已保存的预设无效，已被忽略。');
    expect(messageText(noticeText.rulesDropped(2), 'zh-CN')).toBe('2 条已保存的自动补充规则无效，已被忽略；它们不会购买任何东西。');
    expect(messageText(noticeText.reconnectFailed(msg('errors:app.noBalance')), 'ru')).toBe('Не удалось переподключиться: Баланса пока нет.');
  });

  it('says why polling is paused, naming each reason it knows and leaving out one it does not', () => {
    expect(pauseReasonsText([])).toBeNull();
    expect(pauseReasonsText(['mystery'])).toBeNull();
    expect(englishText(pauseReasonsText([PAUSE_REASONS.user])!)).toBe('paused from the tray');
    expect(englishText(pauseReasonsText(['suspend', 'mystery', 'auth'])!)).toBe('the computer is asleep, the credentials were refused');
    expect(messageText(pauseReasonsText(['offline', PAUSE_REASONS.user])!, 'ru')).toBe('компьютер не в сети, приостановлено из трея');
  });
});
