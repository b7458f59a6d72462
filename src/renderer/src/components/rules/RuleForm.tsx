import { useId, useState } from 'react';
import type { RuleDraftView, RuleOptionView, RuleProblemView, RulesView, WalletView } from '../../../../shared/ipc.ts';
import { NEW_RULE_DEFAULTS } from '../../../../shared/rule-views.ts';
import { useCall } from '../../hooks/use-call.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { refusedNameText } from '../name-text.ts';
import { ruleActions } from './use-rules.ts';
import type { KeyOf } from '../../../../shared/i18n/catalogue.ts';
import { useFormat, useT, useWords } from '../../i18n.ts';
import { useQuote } from '../../hooks/use-quote.ts';
import { quoteFastRecover, quoteTimed } from '../../state/actions.ts';
import { capSun, quoteRuleBuy, ruleBuyEnergy, ruleCost, type Quoters } from './rule-cost.ts';

const OPTION_LABELS: Record<RuleOptionView, KeyOf<'renderer'>> = {
  timed: 'ruleForm.timed',
  fast_recover: 'topUp.fast',
  cheapest: 'ruleForm.cheapest',
};

const blank = (address: string): RuleDraftView => ({ ...NEW_RULE_DEFAULTS, name: '', address });

const whole = (text: string): number => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : -1);

const quoters: Quoters = {
  timed: (count, period) => quoteTimed({ type: 'energy', count, period }),
  fast: (count) => quoteFastRecover({ resourceType: 'energy', count }),
};

/**
 * "≈ 5.86 TRX a buy, ≤ 17.58 TRX a day": the price of one purchase, quoted
 * now for the wallet's plan, and the most a day can cost, as the form is
 * filled in (a live region, so it is heard as it changes).
 */
interface CostPreviewProps {
  draft: RuleDraftView;
  topUp: number;
  orders: number;
  wallets: readonly WalletView[];
}

function CostPreview({ draft, topUp, orders, wallets }: CostPreviewProps) {
  const t = useT();
  const f = useFormat();
  const wallet = wallets.find((w) => w.address === draft.address);
  const energy = wallet ? ruleBuyEnergy(wallet.energyPerTransfer, topUp) : null;
  const key = energy === null ? null : `${draft.option}|${draft.period ?? ''}|${energy}`;
  const quote = useQuote(key, () => quoteRuleBuy(draft, energy ?? 0, quoters));
  if (energy === null) return null;
  const cost = quote.quote && !quote.error ? ruleCost(BigInt(quote.quote.amountSun), orders, capSun(draft.dailyCapTrx)) : null;
  const text = quote.error
    ? t('ruleForm.costUnknown')
    : cost
      ? t('ruleForm.costPreview', { perBuy: f.money(cost.perBuySun, 'price'), perDay: f.money(cost.perDaySun, 'price') })
      : t('ruleForm.costPricing');
  const warning = cost?.overCap ? t('ruleForm.overCap') : null;
  return (
    <div className="rule-cost" aria-live="polite">
      <p data-testid="rule-cost">
        <strong>{text}</strong>
      </p>
      <p className="muted small">{t('ruleForm.costBasis', { energy: f.count(energy) })}</p>
      {warning && <p className="warn small">{warning}</p>}
    </div>
  );
}

/**
 * Create or edit an auto top-up rule. Main checks the draft (each problem
 * in words beside its field) and asks the person in its own dialog before a
 * rule may spend more: created, moved, a cap raised, turned on.
 */
export function RuleForm({
  ruleId,
  initial,
  wallets,
  periods,
  onSaved,
  onCancel,
}: {
  ruleId?: string;
  initial?: RuleDraftView;
  wallets: readonly WalletView[];
  periods: readonly string[];
  onSaved(view: RulesView, name: string): void;
  onCancel(): void;
}) {
  const uid = useId();
  const t = useT();
  const id = (name: string): string => `${uid}-${name}`;
  const [draft, setDraft] = useState<RuleDraftView>(initial ?? blank(wallets[0]?.address ?? ''));
  const [texts, setTexts] = useState({
    keep: String(draft.keepTransfers),
    topUp: String(draft.topUpTransfers),
    orders: String(draft.maxOrdersPerDay),
  });
  const words = useWords();
  // What main found (a message of the catalogues) or the form itself: in words of the dashboard's language.
  const [problems, setProblems] = useState<Array<{ field: RuleProblemView['field']; words: string }>>([]);
  const save = useCall(ruleActions.save);
  const set = (patch: Partial<RuleDraftView>): void => setDraft((d) => ({ ...d, ...patch }));
  const problem = (field: keyof RuleDraftView) => {
    const found = problems.find((p) => p.field === field);
    return found ? (
      <p className="field-error" role="alert">
        {found.words}
      </p>
    ) : null;
  };
  const submit = (event: React.FormEvent): void => {
    event.preventDefault();
    const refused = refusedNameText(draft.name, t);
    if (refused !== null) {
      setProblems([{ field: 'name', words: refused }]);
      return;
    }
    const full: RuleDraftView = {
      ...draft,
      keepTransfers: whole(texts.keep),
      topUpTransfers: whole(texts.topUp),
      maxOrdersPerDay: whole(texts.orders),
    };
    void save.run(ruleId, full).then((answer) => {
      if (!answer) return;
      if (answer.saved) onSaved(answer.rules, full.name.trim());
      else setProblems(answer.problems.map((p) => ({ field: p.field, words: words(p.text) })));
    });
  };
  const title = ruleId ? (initial ? t('presets.editNamed', { name: initial.name }) : t('ruleForm.editRule')) : t('ruleForm.new');
  return (
    <form className="form" aria-label={title} onSubmit={submit}>
      <h3>{title}</h3>
      <div className="field">
        <label htmlFor={id('name')}>{t('presetEditor.name')}</label>
        <input id={id('name')} value={draft.name} maxLength={40} onChange={(e) => set({ name: e.target.value })} />
        {problem('name')}
      </div>
      <div className="field">
        <label htmlFor={id('wallet')}>{t('ruleForm.wallet')}</label>
        <select id={id('wallet')} value={draft.address} onChange={(e) => set({ address: e.target.value })}>
          {wallets.map((w) => (
            <option key={w.id} value={w.address}>
              {t('ruleForm.walletOption', { label: w.label, address: w.address })}
            </option>
          ))}
        </select>
        {problem('address')}
      </div>
      <div className="field">
        <label htmlFor={id('keep')}>{t('ruleForm.keep')}</label>
        <input id={id('keep')} inputMode="numeric" value={texts.keep} onChange={(e) => setTexts({ ...texts, keep: e.target.value })} />
        {problem('keepTransfers')}
      </div>
      <div className="field">
        <label htmlFor={id('top-up')}>{t('ruleForm.topUp')}</label>
        <input id={id('top-up')} inputMode="numeric" value={texts.topUp} onChange={(e) => setTexts({ ...texts, topUp: e.target.value })} />
        {problem('topUpTransfers')}
      </div>
      <fieldset className="field">
        <legend>{t('ruleForm.what')}</legend>
        {(['timed', 'fast_recover', 'cheapest'] as const).map((o) => (
          <label key={o} className="check">
            <input
              type="radio"
              name={id('option')}
              checked={draft.option === o}
              onChange={() => set({ option: o, period: o === 'fast_recover' ? null : (draft.period ?? '1h') })}
            />
            {t(OPTION_LABELS[o])}
          </label>
        ))}
        {problem('option')}
      </fieldset>
      {draft.option !== 'fast_recover' && (
        <div className="field">
          <label htmlFor={id('period')}>{t('ruleForm.period')}</label>
          <select id={id('period')} value={draft.period ?? ''} onChange={(e) => set({ period: e.target.value })}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {t('buy.periodOption', { period: p })}
              </option>
            ))}
          </select>
          {problem('period')}
        </div>
      )}
      <div className="field">
        <label htmlFor={id('cap')}>{t('ruleForm.cap')}</label>
        <input id={id('cap')} inputMode="decimal" value={draft.dailyCapTrx} onChange={(e) => set({ dailyCapTrx: e.target.value })} />
        {problem('dailyCapTrx')}
      </div>
      <div className="field">
        <label htmlFor={id('ceiling')}>{t('ruleForm.ceiling')}</label>
        <input
          id={id('ceiling')}
          inputMode="numeric"
          value={draft.maxSunPerEnergy ?? ''}
          onChange={(e) => set({ maxSunPerEnergy: e.target.value })}
          aria-describedby={id('ceiling-hint')}
        />
        <span id={id('ceiling-hint')} className="hint">
          {t('ruleForm.ceilingHint')}
        </span>
        {problem('maxSunPerEnergy')}
      </div>
      <div className="field">
        <label htmlFor={id('orders')}>{t('ruleForm.orders')}</label>
        <input
          id={id('orders')}
          inputMode="numeric"
          value={texts.orders}
          onChange={(e) => setTexts({ ...texts, orders: e.target.value })}
        />
        {problem('maxOrdersPerDay')}
      </div>
      <label className="check">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('ruleForm.on')}
      </label>
      <CostPreview draft={draft} topUp={whole(texts.topUp)} orders={whole(texts.orders)} wallets={wallets} />
      <p className="muted small">{t('ruleForm.about')}</p>
      <div className="row">
        <button type="submit" className="primary" disabled={save.pending}>
          {save.pending ? t('ruleForm.waiting') : t('ruleForm.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}
