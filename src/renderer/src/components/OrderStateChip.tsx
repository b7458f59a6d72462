import type { OrderStateView } from '../../../shared/ipc.ts';

export const STATE_LABELS: Record<OrderStateView, string> = {
  submitting: 'Submitting',
  running: 'In progress',
  succeeded: 'Succeeded',
  failed: 'Failed',
  stalled: 'Stalled — check the service console',
  outcome_unknown: 'Outcome unknown — check the service console',
};

export function OrderStateChip({ state }: { state: OrderStateView }) {
  return <span className={`chip chip-${state}`}>{STATE_LABELS[state]}</span>;
}
