import { useEffect, useState } from 'react';
import type { DecisionQueryView, DecisionView } from '../../../../shared/ipc.ts';
import { ruleActions } from './use-rules.ts';
import type { KeyOf } from '../../../../shared/i18n/catalogue.ts';
import { useFormat, useT, useWords, type Words } from '../../i18n.ts';

const KIND_WORDS: Record<DecisionView['kind'], KeyOf<'renderer'>> = {
  buy: 'decisions.bought',
  skip: 'decisions.skipped',
  refuse: 'decisions.refused',
  paused: 'header.paused',
  stopped: 'decisions.stopped',
};

/** The engine's decisions, newest first, a page at a time: "why did it buy at 03:12?" and why it did not. */
export function DecisionList({ query, title, refreshKey }: { query: DecisionQueryView; title: string; refreshKey?: unknown }) {
  const [decisions, setDecisions] = useState<DecisionView[] | null>(null);
  const t = useT();
  const words = useWords();
  const f = useFormat();
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    void ruleActions.decisions(JSON.parse(key) as DecisionQueryView).then((r) => {
      if (live) setDecisions(r.ok ? r.value : []);
    });
    return () => {
      live = false;
    };
  }, [key, refreshKey]);
  if (decisions === null) return null;
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      {decisions.length === 0 ? (
        <p className="muted small">{t('decisions.none')}</p>
      ) : (
        <ul className="plain" data-testid="decisions">
          {decisions.map((d) => (
            <li key={`${d.at}-${d.ruleId}-${d.reason}`} data-kind={d.kind}>
              <time dateTime={new Date(d.at).toISOString()}>{f.dateTime(d.at)}</time> · <strong>{t(KIND_WORDS[d.kind])}</strong>
              {d.ruleName ? t('decisions.ruleName', { name: d.ruleName }) : ''}: {decisionWords(d, words)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A decision in the dashboard's language; a record an older version kept has only its English detail. */
export const decisionWords = (d: Pick<DecisionView, 'text' | 'detail'>, words: Words): string => (d.text ? words(d.text) : d.detail);

/** In an order's detail: the decision of the rule that placed it (recorded as the order was placed). */
export function OrderDecision({ order }: { order: { localId: string; ruleId: string; createdAt: number } }) {
  const query = { ruleId: order.ruleId, orderLocalId: order.localId, before: order.createdAt + 60_000, limit: 5 };
  const t = useT();
  return <DecisionList query={query} title={t('decisions.whyBought')} />;
}

/** In the Orders view: the recent decisions of every rule, skips and refusals included, on demand. */
export function RecentDecisions() {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <section className="card" aria-label={t('decisions.label')}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('decisions.hide') : t('decisions.show')}
      </button>
      {open && <DecisionList query={{ limit: 50 }} title={t('decisions.recent')} />}
    </section>
  );
}
