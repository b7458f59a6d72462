import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import type { OrderStateView } from '../../../shared/ipc.ts';
import { useT } from '../i18n.ts';

/** Each state's words in the renderer catalogue (the stored state stays the machine's word). */
export const STATE_KEYS: Record<OrderStateView, KeyOf<'renderer'>> = {
  submitting: 'states.submitting',
  running: 'states.running',
  succeeded: 'states.succeeded',
  failed: 'states.failed',
  stalled: 'states.stalled',
  outcome_unknown: 'states.outcomeUnknown',
};

export function OrderStateChip({ state }: { state: OrderStateView }) {
  const t = useT();
  return <span className={`chip chip-${state}`}>{t(STATE_KEYS[state])}</span>;
}
