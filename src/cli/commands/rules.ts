import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_DB_FILE_NAME } from '../../core/orders/order-journal.ts';
import { storedListOf } from '../../core/orders/stored-lists.ts';
import type { DecisionRecord } from '../../core/rules/decision.ts';
import { parseStoredRules } from '../../core/rules/rule.ts';
import { ruleToday } from '../../core/rules/rule-ledger.ts';
import { StoredDecisionLog, storedRuleLedger } from '../../core/rules/stored-decision-log.ts';
import { usageError } from '../cli-error.ts';
import { ordersDirFor } from '../cli-orders.ts';
import type { CommandCode, CommandResult } from '../command.ts';
import { chosenProfile } from '../profiles.ts';
import type { KeyOf } from '../../shared/i18n/catalogue.ts';
import { num, t, trxPair, words } from '../i18n.ts';
import { columnsTable } from '../table.ts';

type RuleState = 'on' | 'off' | 'paused' | 'stopped';

const STATE_WORDS: Readonly<Record<RuleState, KeyOf<'cli'>>> = {
  on: 'rules.states.on',
  off: 'rules.states.off',
  paused: 'rules.states.paused',
  stopped: 'rules.states.stopped',
};

/** A decision as --json gives it (the time as ISO text). */
const decisionRecord = (d: DecisionRecord): Record<string, string | null> => ({
  at: new Date(d.at).toISOString(),
  kind: d.kind,
  reason: d.reason,
  detail: d.detail,
  orderLocalId: d.orderLocalId,
});

/**
 * `energy-tray rules`: the profile's auto top-up rules as the app and the
 * daemon keep them, with today's orders and spend (from the order store) and
 * the last decision in words. Read only: rules are made and approved in the app.
 */
export const rules: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const { settings } = await ctx.settings.load();
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (ctx.values.profile !== undefined && !profile) {
      throw usageError(t('profile.noProfileNamed', { name: JSON.stringify(ctx.values.profile) }), 'rules');
    }
    const dir = ordersDirFor(ctx.userData, profile?.id);
    const mine = profile ? storedListOf(dir, profile.id, 'rules', settings.rules, parseStoredRules) : [];
    const journal = mine.length > 0 && existsSync(join(dir, ORDER_DB_FILE_NAME)) ? await ctx.orders(dir) : null;
    const now = Date.now();
    const records = mine.map((r) => {
      const today = journal ? ruleToday(storedRuleLedger(journal.rules), r.id, now) : { orders: 0, spentSun: 0n };
      const last = journal ? new StoredDecisionLog(journal.rules).list({ ruleId: r.id, limit: 1 })[0] : undefined;
      const state: RuleState = !r.enabled ? 'off' : settings.autoTopUpPaused ? 'paused' : last?.kind === 'stopped' ? 'stopped' : 'on';
      return { rule: r, today, last, state };
    });
    const json = {
      pausedAll: settings.autoTopUpPaused,
      rules: records.map(({ rule, today, last, state }) => ({
        id: rule.id,
        name: rule.name,
        address: rule.address,
        state,
        keepTransfers: rule.keepTransfers,
        topUpTransfers: rule.topUpTransfers,
        option: rule.option,
        period: rule.period,
        dailyCapSun: rule.dailyCapSun,
        maxOrdersPerDay: rule.maxOrdersPerDay,
        ordersToday: today.orders,
        spentTodaySun: today.spentSun.toString(),
        lastDecision: last ? decisionRecord(last) : null,
      })),
    };
    if (records.length === 0) return { json, text: t('rules.none') };
    const rows = records.map(({ rule, today, last, state }) => [
      rule.name,
      t(STATE_WORDS[state]),
      rule.address,
      `${num(today.orders)}/${num(rule.maxOrdersPerDay)}`,
      trxPair(today.spentSun, BigInt(rule.dailyCapSun)).join(' / '),
      last ? (last.text ? words(last.text) : last.detail) : '—',
    ]);
    const paused = settings.autoTopUpPaused ? `${t('rules.allPaused')}\n` : '';
    const headers = [
      t('rules.rule'),
      t('rules.state'),
      t('rules.address'),
      t('rules.ordersToday'),
      t('rules.spentToday'),
      t('rules.lastDecision'),
    ];
    return { json, text: paused + columnsTable(headers, rows) };
  },
};
