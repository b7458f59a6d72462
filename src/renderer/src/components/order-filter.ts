import { localDateStart, nextLocalDay } from '../../../shared/calendar.ts';
import type { OrderFilterView, OrderKindView, OrderStateView } from '../../../shared/ipc.ts';

export type StatusFilter = 'all' | 'active' | 'succeeded' | 'failed' | 'attention';

export const STATUS_FILTERS: Array<{ id: StatusFilter; label: string; states: OrderStateView[] | null }> = [
  { id: 'all', label: 'All', states: null },
  { id: 'active', label: 'In progress', states: ['submitting', 'running'] },
  { id: 'succeeded', label: 'Succeeded', states: ['succeeded'] },
  { id: 'failed', label: 'Failed', states: ['failed'] },
  { id: 'attention', label: 'Needs a look', states: ['stalled', 'outcome_unknown'] },
];

export const KIND_FILTERS: Array<{ id: OrderKindView | 'all'; label: string }> = [
  { id: 'all', label: 'All kinds' },
  { id: 'energy', label: 'Energy' },
  { id: 'net', label: 'Bandwidth' },
  { id: 'fast_recover', label: 'Fast recover' },
  { id: 'activation', label: 'Activation' },
  { id: 'reclaim', label: 'Reclaim' },
];

/** The Orders tab's filter form, as typed. */
export interface FilterForm {
  status: StatusFilter;
  kind: OrderKindView | 'all';
  address: string;
  /** "YYYY-MM-DD" from a date input, or ''. */
  from: string;
  to: string;
  text: string;
}

export const EMPTY_FILTER: FilterForm = { status: 'all', kind: 'all', address: '', from: '', to: '', text: '' };

/** The form as main's filter: dates are whole local days, `to` included. */
export function toFilterView(form: FilterForm): OrderFilterView {
  const states = STATUS_FILTERS.find((f) => f.id === form.status)?.states ?? null;
  const from = localDateStart(form.from) ?? undefined;
  const toDay = localDateStart(form.to);
  const to = toDay === null ? undefined : nextLocalDay(toDay);
  return {
    ...(states ? { states } : {}),
    ...(form.kind !== 'all' ? { kinds: [form.kind] } : {}),
    ...(form.address.trim() !== '' ? { address: form.address.trim() } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(form.text.trim() !== '' ? { text: form.text.trim() } : {}),
  };
}

/** "Today", "Yesterday" or the date, for the heading of a day's orders. */
export function dayLabel(at: number, now: number): string {
  const day = new Date(at).toDateString();
  if (day === new Date(now).toDateString()) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === yesterday.toDateString()) return 'Yesterday';
  return new Date(at).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** Consecutive orders of one local day, in the order given. */
export function groupByDay<T extends { createdAt: number }>(items: readonly T[]): Array<{ day: string; first: number; items: T[] }> {
  const groups: Array<{ day: string; first: number; items: T[] }> = [];
  for (const item of items) {
    const day = new Date(item.createdAt).toDateString();
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, first: item.createdAt, items: [item] });
  }
  return groups;
}
