import { test } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { AXE_PATH } from '../support/axe.ts';

const suite = useBrowserSuite();
type Axe = { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null }[] }>; getRules(): { ruleId: string; tags: string[] }[]; _audit: { rules: { id: string; any: { id: string }[]; all: { id: string }[]; none: { id: string }[] }[]; data: { checks: Record<string, { impact?: string }> } } };

test('timing', async () => {
  const page = await suite.newPage({ language: 'en-US', as: 'merchant', bypassCSP: true });
  await page.context().addInitScript({ path: AXE_PATH });
  await page.goto('/system/user');
  await page.getByTestId('list-page-system-user').locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.waitForTimeout(1000);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const rules = axe._audit.rules.map((rule) => {
      const checks = [...rule.any, ...rule.all, ...rule.none].map((c) => axe._audit.data.checks[c.id]?.impact ?? '?');
      return { id: rule.id, impacts: [...new Set(checks)].join(',') };
    });
    const times: Record<string, number> = {};
    let t = performance.now();
    await axe.run(document, { resultTypes: ['violations'] });
    const all = performance.now() - t;
    for (let i = 0; i < 2; i++) { t = performance.now(); await axe.run(document, { resultTypes: ['violations'] }); times[`all${i}`] = performance.now() - t; }
    for (const rule of axe._audit.rules) {
      t = performance.now();
      await axe.run(document, { runOnly: { type: 'rule', values: [rule.id] }, resultTypes: ['violations'] });
      times[rule.id] = performance.now() - t;
    }
    return { all, times, rules };
  });
  const sorted = Object.entries(result.times).sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('all', Math.round(result.all), sorted.map(([k, v]) => `${k} ${Math.round(v)}`).join('\n'));
  console.log(result.rules.map((r) => `${r.id}:${r.impacts}`).join(' '));
}, 180_000);
