import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/**
 * Runs axe-core in the page and returns the serious and critical violations.
 * The page's CSP forbids injected scripts, so the context running this is
 * created with bypassCSP (the app's own page keeps its CSP in every other test).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await allViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every violation axe-core finds, whatever its impact. */
export async function allViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: unknown[] }> }> } }).axe;
    const r = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return results;
}
