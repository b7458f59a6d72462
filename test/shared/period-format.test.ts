import { describe, expect, it } from 'vitest';
import { translator } from '../../src/shared/i18n/i18n.ts';
import { periodText } from '../../src/shared/i18n/period-format.ts';
import { periodLengthMs, periodParts } from '../../src/shared/order-rules.ts';

describe('a rental period in the reader’s words', () => {
  it('turns the service’s period names into each language’s short duration', () => {
    const names = ['15minutes', '1h', '1day', '3day'];
    expect(names.map((p) => periodText(p, 'en'))).toEqual(['15 min', '1 hr', '1 day', '3 days']);
    expect(names.map((p) => periodText(p, 'ru'))).toEqual(['15 мин', '1 ч', '1 дн.', '3 дн.']);
    expect(names.map((p) => periodText(p, 'zh-CN'))).toEqual(['15分钟', '1小时', '1天', '3天']);
  });

  it('shows a period name it cannot measure as the service sent it', () => {
    expect(periodText('fortnight', 'ru')).toBe('fortnight');
    expect(periodParts('fortnight')).toBeNull();
  });

  it('measures the same names it words', () => {
    expect(periodParts('15minutes')).toEqual({ amount: 15, unit: 'minutes' });
    expect(periodLengthMs('3day')).toBe(3 * 86_400_000);
    expect(periodLengthMs('1h')).toBe(3_600_000);
  });

  it('words the period wherever a catalogue writes {{period, period}}: notifications, approvals, the tray', () => {
    expect(translator('ru', 'notifications')('timed', { amount: '65 000', unit: 'энергии', period: '1day', address: 'T…' })).toContain('на 1 дн.');
    expect(translator('zh-CN', 'dialogs')('request.timedWords', { amount: '65,000', unit: '能量', period: '1h' })).toContain('1小时');
    expect(translator('en', 'tray')('presetTimed', { what: '65,000 energy', period: '15minutes' })).toBe('65,000 energy (15 min)');
  });
});
