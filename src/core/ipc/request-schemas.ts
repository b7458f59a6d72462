import { z } from 'zod';
import type { Method, RequestOf } from '../../shared/ipc.ts';
import { MAX_CHART_DAYS } from '../../shared/chart-views.ts';
import { PERIOD_NAME } from '../../shared/order-rules.ts';
import { SUPPORTED_LANGUAGES } from '../../shared/i18n/languages.ts';
import { englishText } from '../../shared/i18n/english-message.ts';
import { dailyBudgetProblem } from '../../shared/node-budget.ts';
import { codePointText, nameProblemText, refusedCharacter, type WordedNameKind } from '../../shared/user-names.ts';

/**
 * One zod schema per IPC method. `.strict()` rejects unknown keys, so a
 * compromised renderer cannot smuggle extra fields (or __proto__) into a
 * handler; every string has a length cap so oversized input stops here. The
 * `satisfies` clause ties each schema to the contract's request type. Business
 * rules (address checksums, minimum counts) are checked again in the core,
 * which the CLI shares; these schemas only guarantee well-formed shapes.
 */
const empty = z.object({}).strict();
const id = z.string().min(1).max(128);
const address = z.string().min(1).max(64);
const count = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const period = z.string().regex(PERIOD_NAME, 'a period name such as 1h or 1day');
const resource = z.enum(['energy', 'net']);
const sunString = z.string().regex(/^\d{1,24}$/, 'an amount in SUN');
const secretText = z.string().min(1).max(512);
const time = z.number().int().min(0).max(8.64e15);
/** The node's daily request budget: refused here in the words the core and the CLI use too (with the bounds). */
const dailyBudget = z.number().superRefine((budget, ctx) => {
  const text = dailyBudgetProblem(budget);
  if (text !== null) ctx.addIssue({ code: 'custom', message: englishText(text), params: { text } });
});
/**
 * A name the person chooses (shown in main's approvals and notifications):
 * no control or text-direction character gets past here (shared/user-names.ts).
 */
const userName = (kind: WordedNameKind, min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .superRefine((name, ctx) => {
      const refused = refusedCharacter(name);
      if (refused === null) return;
      const text = nameProblemText({ kind: 'character', codePoint: codePointText(refused) }, kind);
      ctx.addIssue({ code: 'custom', message: englishText(text), params: { text } });
    });
/** The assistant allowance as typed (issue 27): TRX as text, at most 20 addresses (the core checks each). */
const assistantAllowanceDraft = z
  .object({
    dailyTrx: z.string().max(32),
    perOrderTrx: z.string().max(32),
    watchedOnly: z.boolean(),
    addresses: z.array(z.string().max(128)).max(20),
  })
  .strict();
const orderFilter = {
  states: z
    .array(z.enum(['submitting', 'running', 'succeeded', 'failed', 'stalled', 'outcome_unknown']))
    .max(6)
    .optional(),
  kinds: z
    .array(z.enum(['energy', 'net', 'fast_recover', 'reclaim', 'activation']))
    .max(5)
    .optional(),
  address: z.string().max(64).optional(),
  from: time.optional(),
  to: time.optional(),
  text: z.string().max(128).optional(),
};

const presetInput = z
  .object({
    id: id.optional(),
    name: userName('preset', 1, 80),
    kind: z.enum(['timed', 'fast_recover']),
    resource,
    period: period.nullable(),
    count,
    address,
    capSun: sunString,
  })
  .strict();

const walletFields = {
  label: userName('walletLabel', 0, 80),
  plan: z.enum(['holder', 'new', 'exact']),
  exactRecipient: address.nullable(),
  topUpTransfers: z.number().int().min(1).max(100),
};
const walletInput = z.object({ address, ...walletFields }).strict();
const walletUpdate = z.object(walletFields).strict();
const transfers = z.number().int().min(1).max(100);
/** The editor's draft: shapes only; checkRuleDraft (core/rules) says what is wrong in words. */
const ruleDraft = z
  .object({
    name: userName('rule', 0, 80),
    address: z.string().max(128),
    enabled: z.boolean(),
    keepTransfers: z.number().int().min(-1).max(1_000),
    topUpTransfers: z.number().int().min(-1).max(1_000),
    option: z.enum(['timed', 'fast_recover', 'cheapest']),
    period: z.string().max(16).nullable(),
    dailyCapTrx: z.string().max(32),
    maxOrdersPerDay: z.number().int().min(-1).max(1_000),
    maxSunPerEnergy: z.string().max(16).optional(),
  })
  .strict();
const decisionKinds = z.array(z.enum(['buy', 'skip', 'refuse', 'paused', 'stopped'])).max(5);

export const requestSchemas = {
  'app:getInfo': empty,
  'app:getState': empty,
  'app:startDemo': empty,
  'app:stopDemo': empty,
  'app:connectAccount': z
    .object({
      profileId: id.optional(),
      name: userName('profile', 1, 80).optional(),
      baseUrl: z.string().min(1).max(2048),
      apiKey: secretText,
      apiSecret: secretText,
    })
    .strict(),
  'app:removeCredentials': z.object({ profileId: id }).strict(),
  'app:setActiveProfile': z.object({ profileId: id }).strict(),
  'app:refreshBalance': empty,
  'app:checkAddress': z.object({ address: z.string().max(128) }).strict(),
  'app:quoteTimed': z.object({ type: resource, count, period }).strict(),
  'app:quoteFastRecover': z.object({ resourceType: resource, count }).strict(),
  'app:buyTimed': z.object({ type: resource, address, count, period }).strict(),
  'app:buyFastRecover': z.object({ resourceType: resource, address, count }).strict(),
  'app:activateAddress': z.object({ address }).strict(),
  'app:reclaim': z.object({ localId: id }).strict(),
  'app:queryOrders': z
    .object({ ...orderFilter, offset: z.number().int().min(0).max(10_000_000), limit: z.number().int().min(1).max(200) })
    .strict(),
  'app:orderTotals': z.object({ filter: z.object(orderFilter).strict(), period: z.enum(['day', 'week', 'month']) }).strict(),
  'app:spendChart': z.object({ days: z.number().int().min(1).max(MAX_CHART_DAYS) }).strict(),
  'app:priceHistory': z.object({ days: z.number().int().min(1).max(MAX_CHART_DAYS) }).strict(),
  'app:exportOrders': z.object({ filter: z.object(orderFilter).strict() }).strict(),
  'app:getOrderDetail': z.object({ localId: id }).strict(),
  'app:getSmartPrice': empty,
  'app:listPresets': empty,
  'app:savePreset': z.object({ preset: presetInput }).strict(),
  'app:deletePreset': z.object({ id }).strict(),
  'app:reorderPresets': z.object({ ids: z.array(id).max(200) }).strict(),
  'app:runPreset': z.object({ id }).strict(),
  'app:addDefaultPresets': z.object({ address }).strict(),
  'app:getSettings': empty,
  'app:updateSettings': z
    .object({
      patch: z
        .object({
          pollIntervalSeconds: z.number().int().min(15).max(3600).optional(),
          lowBalanceThresholdSun: sunString.optional(),
          dailyLimitSun: sunString.optional(),
          notificationsEnabled: z.boolean().optional(),
          launchAtLogin: z.boolean().optional(),
          largeOrderPercent: z.number().int().min(1).max(100).optional(),
          largeOrderSun: sunString.optional(),
          language: z.enum(SUPPORTED_LANGUAGES).nullable().optional(),
        })
        .strict(),
    })
    .strict(),
  'app:openExternal': z.object({ url: z.string().min(1).max(2048) }).strict(),
  'app:openLogs': empty,
  'app:openDashboard': z
    .object({
      tab: z.enum(['overview', 'wallets', 'buy', 'orders', 'prices', 'settings']).nullable(),
      localId: z.string().min(1).max(64).nullable(),
    })
    .strict(),
  'app:listWallets': empty,
  'app:addWallet': z.object({ wallet: walletInput }).strict(),
  'app:updateWallet': z.object({ id, wallet: walletUpdate }).strict(),
  'app:removeWallet': z.object({ id }).strict(),
  'app:refreshWallet': z.object({ id }).strict(),
  'app:estimateTransfer': z.object({ from: address, to: address, amountUsdt: z.string().max(32).nullable() }).strict(),
  'app:quoteTopUp': z.object({ walletId: id, transfers }).strict(),
  'app:buyTopUp': z.object({ walletId: id, transfers, option: z.enum(['timed', 'fast_recover']), maxSun: sunString }).strict(),
  'app:getNodeSettings': empty,
  'app:setNodeUrl': z.object({ nodeUrl: z.string().min(1).max(2048).nullable() }).strict(),
  'app:setNodeDailyBudget': z.object({ budget: dailyBudget.nullable() }).strict(),
  'app:setNodeKey': z.object({ apiKey: secretText }).strict(),
  'app:clearNodeKey': empty,
  'app:getSavings': empty,
  'app:listRules': empty,
  'app:saveRule': z.object({ id: id.optional(), draft: ruleDraft }).strict(),
  'app:setRuleEnabled': z.object({ id, enabled: z.boolean() }).strict(),
  'app:deleteRule': z.object({ id }).strict(),
  'app:acknowledgeRule': z.object({ id }).strict(),
  'app:setAutoTopUpsPaused': z.object({ paused: z.boolean() }).strict(),
  'app:hidePopover': empty,
  'app:setPollingPaused': z.object({ paused: z.boolean() }).strict(),
  'app:listDecisions': z
    .object({
      ruleId: id.optional(),
      orderLocalId: id.optional(),
      kinds: decisionKinds.optional(),
      before: time.optional(),
      limit: z.number().int().min(1).max(200),
    })
    .strict(),
  'app:getAssistantAllowance': empty,
  'app:saveAssistantAllowance': z.object({ draft: assistantAllowanceDraft.nullable() }).strict(),
} satisfies { [M in Method]: z.ZodType<RequestOf<M>> };
