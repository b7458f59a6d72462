import type { Page } from 'playwright-core';
import { CATALOGUES, NAMESPACES } from '../../src/shared/i18n/catalogue.ts';
import { allViolations, type AxeViolation } from './axe.ts';

export interface ViewMeasure {
  view: string;
  overflowPx: number;
  violations: AxeViolation[];
  /** Rendered text that looks like a catalogue key ("popover.transfers"). */
  rawKeys: string[];
  /** Visible buttons whose label takes more than one line. */
  wrappedButtons: string[];
  /** Live Buy buttons whose figure comes from a reading older than the last finished order for their address. */
  staleOffers: string[];
  /** Visible address fields too narrow to show a whole 34-character TRON address in their own font. */
  narrowAddressFields: string[];
}

/** The first part of every catalogue key (`popover`, `wallets`, `request`…): text starting with one and a dot is a key shown raw. */
const KEY_SECTIONS = [...new Set(NAMESPACES.flatMap((ns) => Object.keys(CATALOGUES.en[ns])))];

/** Last finished order per address (ms), from the app: what an offer's figure must be newer than. */
export type FinishedByAddress = Readonly<Record<string, number>>;

/**
 * Run in the page (a script: this file is typed for Node, not the DOM): the
 * counts of a view, over what is shown, not hidden text.
 */
const MEASURE_TEXTS = `(sections, finished) => {
  const shown = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 1 && box.height > 1;
  };
  // Not inside a URL or a host name ("https://api.trongrid.io" is not the key api.trongrid).
  const keyPattern = new RegExp('(^|[^\\\\w./:@-])(' + sections.join('|') + ')\\\\.[A-Za-z]\\\\w*(\\\\.[A-Za-z]\\\\w*)*');
  const rawKeys = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent || '';
    if (node.parentElement && keyPattern.test(text)) rawKeys.push(text.trim());
  }
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[aria-valuetext]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'aria-valuetext']) {
      const value = el.getAttribute(name);
      if (value && keyPattern.test(value)) rawKeys.push(value);
    }
  }
  const wrappedButtons = [];
  for (const button of document.querySelectorAll('button')) {
    if (!shown(button) || (button.textContent || '').trim() === '') continue;
    const range = document.createRange();
    range.selectNodeContents(button);
    // Text on one line gives rects on one row: their tops differ by less than half a line.
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    const lineHeight = parseFloat(getComputedStyle(button).fontSize) || 15;
    if (tops.length > 0 && Math.max(...tops) - Math.min(...tops) > lineHeight / 2) wrappedButtons.push((button.textContent || '').trim());
  }
  const staleOffers = [];
  for (const button of document.querySelectorAll('button[data-offer-address]')) {
    if (button.disabled || !shown(button)) continue;
    const address = button.dataset.offerAddress || '';
    const basis = Number(button.dataset.offerBasis ?? 'NaN');
    const last = finished[address];
    if (last !== undefined && !(basis >= last)) staleOffers.push((button.textContent || '').trim() + ' (' + address + ')');
  }
  // A TRON address is 34 characters; its field must show all of them (as 34 zeros: a digit is as wide as any in monospace).
  const narrowAddressFields = [];
  const canvas = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll('input.address-input')) {
    if (!shown(input)) continue;
    const style = getComputedStyle(input);
    canvas.font = style.font;
    const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const needed = canvas.measureText('0'.repeat(34)).width;
    // Where the window is narrower than an address, the field must take all the width its form or card has.
    const host = input.closest('form, .card, main') || document.body;
    const hostStyle = getComputedStyle(host);
    const room = host.clientWidth - parseFloat(hostStyle.paddingLeft) - parseFloat(hostStyle.paddingRight);
    const fillsRoom = input.getBoundingClientRect().width + 1 >= room;
    if (inner + 0.5 < needed && !fillsRoom) narrowAddressFields.push((input.labels?.[0]?.textContent || input.id).trim() + ' ' + Math.round(inner) + '/' + Math.ceil(needed) + 'px');
  }
  return { rawKeys, wrappedButtons, staleOffers, narrowAddressFields };
}`;

type TextCounts = Pick<ViewMeasure, 'rawKeys' | 'wrappedButtons' | 'staleOffers' | 'narrowAddressFields'>;

async function measureTexts(page: Page, sections: readonly string[], finished: FinishedByAddress): Promise<TextCounts> {
  return (await page.evaluate(`(${MEASURE_TEXTS})(${JSON.stringify(sections)}, ${JSON.stringify(finished)})`)) as TextCounts;
}

/**
 * One order's amount on every surface that shows it (confirmation, main's
 * approval, toast, order list, tray, notification, popover): each must
 * contain the one rule's text of it. Returns the surfaces that do not.
 */
export function priceMismatches(expected: string, surfaces: Readonly<Record<string, string>>): string[] {
  const norm = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');
  return Object.entries(surfaces)
    .filter(([, text]) => !norm(text).includes(norm(expected)))
    .map(([surface, text]) => `${surface}: "${text.slice(0, 160)}" lacks "${expected}"`);
}

/**
 * Measures what the done-when counts, view by view: sideways overflow
 * (the document's scroll width beyond its client width), focus dropped to
 * <body> after an action, and axe-core violations (every impact).
 */
export class UxProbe {
  readonly views: ViewMeasure[] = [];
  readonly focusLost: string[] = [];
  readonly priceMismatches: string[] = [];
  private readonly page: Page;
  private readonly label: string;
  private readonly finished: () => FinishedByAddress;

  constructor(page: Page, label: string, finished: () => FinishedByAddress = () => ({})) {
    this.page = page;
    this.label = label;
    this.finished = finished;
  }

  /** Compares one order's amount across the surfaces that show it (see priceMismatches). */
  prices(expected: string, surfaces: Readonly<Record<string, string>>): void {
    this.priceMismatches.push(...priceMismatches(expected, surfaces).map((m) => `${this.label} ${m}`));
  }

  /** Runs an action and then checks that focus is on an element, not <body>. */
  async act(name: string, action: () => Promise<void>): Promise<void> {
    await action();
    // Focus moves in a frame after the render: give it two.
    await this.page.waitForTimeout(120);
    const onBody = await this.page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: unknown; body: unknown } }).document;
      return doc.activeElement === null || doc.activeElement === doc.body;
    });
    if (onBody) this.focusLost.push(`${this.label} ${name}`);
  }

  async view(name: string): Promise<void> {
    await this.page.waitForTimeout(150);
    // The page, and the dashboard's view, which scrolls inside <main> (overflow there would not widen the page).
    const overflowPx = await this.page.evaluate(() => {
      type Box = { scrollWidth: number; clientWidth: number };
      const doc = (globalThis as unknown as { document: { documentElement: Box; querySelector(s: string): Box | null } }).document;
      return Math.max(0, ...[doc.documentElement, doc.querySelector('.app-main')].map((b) => (b ? b.scrollWidth - b.clientWidth : 0)));
    });
    const violations = await allViolations(this.page);
    const texts = await measureTexts(this.page, KEY_SECTIONS, this.finished());
    this.views.push({ view: `${this.label} ${name}`, overflowPx, violations, ...texts });
  }
}

export interface UxSummary {
  line: string;
  views: number;
  overflow: number;
  focusLost: number;
  axe: number;
  rawKeys: number;
  priceMismatches: number;
  staleOffers: number;
  wrappedButtons: number;
  details: string[];
}

export function summarize(probes: readonly UxProbe[]): UxSummary {
  const views = probes.flatMap((p) => p.views);
  const overflow = views.reduce((sum, v) => sum + v.overflowPx, 0);
  const axe = views.reduce((sum, v) => sum + v.violations.reduce((n, x) => n + x.nodes, 0), 0);
  const focusLost = probes.reduce((sum, p) => sum + p.focusLost.length, 0);
  const count = (pick: (v: ViewMeasure) => readonly string[]): number => views.reduce((sum, v) => sum + pick(v).length, 0);
  const [rawKeys, staleOffers, wrappedButtons] = [count((v) => v.rawKeys), count((v) => v.staleOffers), count((v) => v.wrappedButtons)];
  const priceMismatches = probes.reduce((sum, p) => sum + p.priceMismatches.length, 0);
  const details = [
    ...views.filter((v) => v.overflowPx > 0).map((v) => `overflow ${v.overflowPx}px: ${v.view}`),
    ...views.flatMap((v) => v.violations.map((x) => `axe ${x.id} (${x.impact ?? '?'}, ${x.nodes}): ${v.view}`)),
    ...probes.flatMap((p) => p.focusLost.map((f) => `focus lost: ${f}`)),
    ...views.flatMap((v) => v.rawKeys.map((k) => `raw key "${k}": ${v.view}`)),
    ...views.flatMap((v) => v.staleOffers.map((o) => `stale offer ${o}: ${v.view}`)),
    ...views.flatMap((v) => v.wrappedButtons.map((b) => `wrapped button "${b}": ${v.view}`)),
    ...views.flatMap((v) => v.narrowAddressFields.map((f) => `address field too narrow for 34 characters (${f}): ${v.view}`)),
    ...probes.flatMap((p) => p.priceMismatches.map((m) => `price mismatch ${m}`)),
  ];
  const line =
    `ux: views=${views.length} horizontal_overflow_px=${overflow} focus_lost=${focusLost} axe_violations=${axe} ` +
    `raw_keys=${rawKeys} price_mismatches=${priceMismatches} stale_offers=${staleOffers} wrapped_buttons=${wrappedButtons}`;
  return { line, views: views.length, overflow, focusLost, axe, rawKeys, priceMismatches, staleOffers, wrappedButtons, details };
}
