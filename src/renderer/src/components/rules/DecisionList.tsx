import { useEffect, useState } from 'react';
import type { DecisionQueryView, DecisionView } from '../../../../shared/ipc.ts';
import { ruleActions } from './use-rules.ts';
import { useFormat, useT, useWords } from '../../i18n.ts';
import { useNow } from '../../hooks/use-now.ts';
import { collapseDecisions, decisionTime, decisionWords, KIND_WORDS, offerWords, reasonWords, type DecisionRun } from './decision-text.ts';

/** Decisions read for one list: enough that a long run of the same one folds into one line, then `lines` lines are shown. */
export const DECISIONS_READ = 200;

/** The engine's decisions, newest first, a page at a time: "why did it buy at 03:12?" and why it did not. */
export function DecisionList({
  query,
  title,
  refreshKey,
  lines = 20,
}: {
  query: DecisionQueryView;
  title: string;
  refreshKey?: unknown;
  lines?: number;
}) {
  const [decisions, setDecisions] = useState<DecisionView[] | null>(null);
  const t = useT();
  const now = useNow();
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
        <ul className="plain decisions" data-testid="decisions">
          {collapseDecisions(decisions)
            .slice(0, lines)
            .map((run) => (
              <DecisionLine key={`${run.decision.at}-${run.decision.ruleId}-${run.decision.reason}`} run={run} now={now} />
            ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "17:48 · Bought (Payroll): 65,000 energy for 1h, ≈ 3.25 TRX · order EN…", or a
 * run: "17:50 · Skipped ×42 since 17:02 (Payroll): enough energy". A refusal
 * adds the engine's figures.
 */
function DecisionLine({ run, now }: { run: DecisionRun; now: number }) {
  const t = useT();
  const f = useFormat();
  const words = useWords();
  const d = run.decision;
  const offer = d.kind === 'buy' ? offerWords(d, t, f) : null;
  const why = offer ?? reasonWords(d, t, undefined, words);
  return (
    <li data-kind={d.kind} data-count={run.count}>
      <time dateTime={new Date(d.at).toISOString()} title={f.dateTime(d.at)}>
        {decisionTime(d.at, now, f.language)}
      </time>{' '}
      · <strong>{t(KIND_WORDS[d.kind])}</strong>
      {run.count > 1 ? ` ${t('decisions.repeated', { n: f.count(run.count), since: decisionTime(run.since, now, f.language) })}` : ''}
      {d.ruleName ? t('decisions.ruleName', { name: d.ruleName }) : ''}: {why}
      {d.kind === 'buy' && d.orderSerial ? ` · ${t('decisions.order', { order: d.orderSerial })}` : ''}
      {d.kind === 'refuse' && <span className="muted small decision-detail">{decisionWords(d, words)}</span>}
    </li>
  );
}

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
      <div className="row">
        <button type="button" aria-expanded={open} aria-describedby="decisions-why" onClick={() => setOpen(!open)}>
          {open ? t('decisions.hide') : t('decisions.show')}
        </button>
        <span id="decisions-why" className="muted small">
          {t('decisions.why')}
        </span>
      </div>
      {open && <DecisionList query={{ limit: DECISIONS_READ }} lines={50} title={t('decisions.recent')} />}
    </section>
  );
}
