import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './portal-server.ts';

/** axe-core's script: inject it with page.addScriptTag, on a page opened with bypassCSP (an inline script, which the portal's policy refuses). */
export const AXE_PATH = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
type AxeRule = { id: string; impact?: string; any: { id: string }[]; all: { id: string }[]; none: { id: string }[] };
type Axe = {
  run(context: Document, options: object): Promise<AxeResult>;
  // axe's own registry: a rule's impact is the worst of its checks' (or its own, where it sets one)
  _audit?: { rules?: AxeRule[]; data?: { checks?: Record<string, { impact?: string } | undefined> } };
};

/** axe's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    // The rules that can never report worse than moderate are not run: they cannot give what this asks for,
    // and they were half of axe's time. Without the registry (another axe), every rule runs.
    const severe = new Set(['serious', 'critical']);
    const checks = axe._audit?.data?.checks ?? {};
    const mild = (axe._audit?.rules ?? [])
      .filter((rule) => !severe.has(rule.impact ?? '') && ![...rule.any, ...rule.all, ...rule.none].some((check) => severe.has(checks[check.id]?.impact ?? '')))
      .map((rule) => rule.id);
    return axe.run(document, { resultTypes: ['violations'], rules: Object.fromEntries(mild.map((id) => [id, { enabled: false }])) });
  });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}
