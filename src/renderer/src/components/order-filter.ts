import { localDateStart, nextLocalDay } from '../../../shared/calendar.ts';
import type { OrderFilterView, OrderKindView, OrderStateView } from '../../../shared/ipc.ts';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { SOURCE_LANGUAGE } from '../../../shared/i18n/languages.ts';
import { ENGLISH_FORMATS, ENGLISH_T, type Formats, type RendererT } from '../i18n.ts';

export type StatusFilter = 'all' | 'active' | 'succeeded' | 'failed' | 'attention';

export const STATUS_FILTERS: Array<{ id: StatusFilter; label: KeyOf<'renderer'>; states: OrderStateView[] | null }> = [
  { id: 'all', label: 'orderFilters.all', states: null },
  { id: 'active', label: 'orderFilters.active', states: ['submitting', 'running'] },
  { id: 'succeeded', label: 'orderFilters.succeeded', states: ['succeeded'] },
  { id: 'failed', label: 'orderFilters.failed', states: ['failed'] },
  { id: 'attention', label: 'orderFilters.attention', states: ['stalled', 'outcome_unknown'] },
];

export const KIND_FILTERS: Array<{ id: OrderKindView | 'all'; label: KeyOf<'renderer'> }> = [
  { id: 'all', label: 'orderFilters.allKinds' },
  { id: 'energy', label: 'buy.energy' },
  { id: 'net', label: 'buy.bandwidth' },
  { id: 'fast_recover', label: 'orderFilters.fastRecover' },
  { id: 'activation', label: 'orderFilters.activation' },
  { id: 'reclaim', label: 'orders.reclaimAny' },
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
export function dayLabel(at: number, now: number, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  const day = new Date(at).toDateString();
  if (day === new Date(now).toDateString()) return t('orderList.today');
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === yesterday.toDateString()) return t('orderList.yesterday');
  // English keeps the system's own date format, as before the catalogues.
  return new Date(at).toLocaleDateString(f.language === SOURCE_LANGUAGE ? undefined : f.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
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
