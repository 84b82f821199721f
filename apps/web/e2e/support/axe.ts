import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './portal-server.ts';

/** axe-core's script: inject it with page.addScriptTag, on a page opened with bypassCSP (an inline script, which the portal's policy refuses). */
export const AXE_PATH = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };

/** axe's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
