import { describe, expect, it } from 'vitest';
import { paidOrderApproval } from '../../../../src/core/app/approvals/approval-requests.ts';
import { autoTopUpApproval, resumeAutoTopUpsApproval } from '../../../../src/core/app/approvals/change-approvals.ts';
import { approvalDialogText } from '../../../../src/core/app/approvals/approval-text.ts';
import { Approvals } from '../../../../src/core/app/approvals/approvals.ts';
import type { Language } from '../../../../src/shared/i18n/languages.ts';
import { ruleApprovalChanges } from '../../../../src/core/rules/rule-approval.ts';
import { FakeApproval } from '../../../support/fake-approval.ts';
import { rule } from '../../rules/rule-fixtures.ts';
import { VALID_ADDRESS as ADDRESS } from '../../../support/addresses.ts';

/** Russian groups digits with a no-break space (Intl). */
const ru = (text: string): string => text.replace(/(\d) (\d)/g, '$1\u00a0$2');
const buyFacts = {
  intent: { kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: 65_000, period: '1h' },
  costSun: 3_250_000n,
  host: 'api.example.com',
  demo: true,
  limit: { limitSun: 100_000_000n, spentSun: 10_000_000n, leftSun: 90_000_000n },
} as const;

const autoTopUp = (language: Language) => {
  const r = rule({ dailyCapSun: '1234567890' });
  return autoTopUpApproval(ruleApprovalChanges(undefined, r, language), { address: r.address, host: 'api.example.com', demo: false }, language);
};

describe('approval requests in the app’s language', () => {
  it('words a buy in Russian, amounts from exact SUN in the Russian format', () => {
    const request = paidOrderApproval(buyFacts, 'ru');
    expect(request.title).toBe(ru('Купить 65 000 энергии на 1 ч?'));
    expect(request.what).toBe(ru('Купить 65 000 энергии на 1 ч за 3,25 TRX для указанного ниже адреса. Оплата с вашего баланса в сервисе; отменить нельзя.'));
    expect(request.approveLabel).toBe('Купить за 3,25 TRX');
    expect(request.notes).toEqual([
      'Дневной лимит расходов: сегодня потрачено 10,00 TRX из 100,00 TRX; после этого останется 86,75 TRX.',
      'Демо — без реальных средств: заказ уходит во встроенный симулятор.',
    ]);
    expect(approvalDialogText(request, 'ru').detail).toContain(`Адрес: ${ADDRESS}\nСтоимость: 3,25 TRX`);
  });

  it('words a buy in Simplified Chinese', () => {
    const request = paidOrderApproval(buyFacts, 'zh-CN');
    expect(request.title).toBe('购买 65,000 能量，时长 1小时？');
    expect(request.approveLabel).toBe('以 3.25 TRX 购买');
    expect(request.notes[0]).toBe('每日消费上限：今天已花费 10.00 TRX（上限 100.00 TRX）；此后剩余 86.75 TRX。');
  });

  it('words a new auto top-up rule in Russian (plurals by Russian rules) and Simplified Chinese', () => {
    const russian = autoTopUp('ru');
    expect(russian.title).toBe('Добавить автопополнение «\u2068Payroll\u2069»?');
    expect(russian.changes).toEqual([ru(`Адрес: ${rule().address}; дневной лимит 1 234,57 TRX; 6 заказов в день`)]);
    expect(russian.what).toContain(ru('когда покрыто меньше 2 переводов: не более 6 заказов и 1 234,57 TRX в день'));
    expect(russian.approveLabel).toBe('Разрешить автопополнение');
    const zh = autoTopUp('zh-CN');
    expect(zh.title).toBe('添加自动补充“\u2068Payroll\u2069”？');
    expect(zh.changes).toEqual([`地址：${rule().address}；每日上限 1,234.57 TRX；每天 6 个订单`]);
    expect(zh.notes).toEqual(['它支付的金额绝不会超过按当时链上能量单价为同样能量燃烧 TRX 的费用。', '每次购买也计入每日消费上限，并会在“订单”中显示购买原因。']);
  });

  it('keeps English byte for byte when no language is given', () => {
    expect(autoTopUp('en')).toEqual(autoTopUpApproval(ruleApprovalChanges(undefined, rule({ dailyCapSun: '1234567890' })), { address: rule().address, host: 'api.example.com', demo: false }));
    expect(autoTopUp('en').changes).toEqual([`Address: ${rule().address}; daily cap 1,234.57 TRX; 6 orders a day`]);
  });

  it('picks the Russian plural form for resuming rules', () => {
    const rules = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `R${i}`, address: ADDRESS, capSun: 5_000_000n }));
    expect(resumeAutoTopUpsApproval(rules(1), 'ru').what).toContain('по 1 включённому правилу,');
    expect(resumeAutoTopUpsApproval(rules(3), 'ru').what).toContain('по 3 включённым правилам,');
    expect(resumeAutoTopUpsApproval(rules(1), 'ru').changes).toEqual([`«\u2068R0\u2069» → ${ADDRESS}: до 5,00 TRX в день`]);
    expect(resumeAutoTopUpsApproval(rules(2), 'zh-CN').title).toBe('恢复自动补充？');
  });

  it('gives the services the language the dialog is drawn in', async () => {
    const fake = new FakeApproval(true);
    const approvals = new Approvals(fake, () => 'zh-CN');
    await approvals.require(paidOrderApproval(buyFacts, approvals.language()));
    expect(fake.requests.at(-1)?.title).toBe('购买 65,000 能量，时长 1小时？');
  });
});
