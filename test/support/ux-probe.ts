import type { Page } from 'playwright-core';
import { allViolations, type AxeViolation } from './axe.ts';

export interface ViewMeasure {
  view: string;
  overflowPx: number;
  violations: AxeViolation[];
}

/**
 * Measures what the done-when counts, view by view: sideways overflow
 * (the document's scroll width beyond its client width), focus dropped to
 * <body> after an action, and axe-core violations (every impact).
 */
export class UxProbe {
  readonly views: ViewMeasure[] = [];
  readonly focusLost: string[] = [];
  private readonly page: Page;
  private readonly label: string;

  constructor(page: Page, label: string) {
    this.page = page;
    this.label = label;
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
    this.views.push({ view: `${this.label} ${name}`, overflowPx, violations });
  }
}

export function summarize(probes: readonly UxProbe[]): { line: string; views: number; overflow: number; focusLost: number; axe: number; details: string[] } {
  const views = probes.flatMap((p) => p.views);
  const overflow = views.reduce((sum, v) => sum + v.overflowPx, 0);
  const axe = views.reduce((sum, v) => sum + v.violations.reduce((n, x) => n + x.nodes, 0), 0);
  const focusLost = probes.reduce((sum, p) => sum + p.focusLost.length, 0);
  const details = [
    ...views.filter((v) => v.overflowPx > 0).map((v) => `overflow ${v.overflowPx}px: ${v.view}`),
    ...views.flatMap((v) => v.violations.map((x) => `axe ${x.id} (${x.impact ?? '?'}, ${x.nodes}): ${v.view}`)),
    ...probes.flatMap((p) => p.focusLost.map((f) => `focus lost: ${f}`)),
  ];
  return { line: `ux: views=${views.length} horizontal_overflow_px=${overflow} focus_lost=${focusLost} axe_violations=${axe}`, views: views.length, overflow, focusLost, axe, details };
}
