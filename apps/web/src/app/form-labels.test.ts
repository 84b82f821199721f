import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A labelled form row names what its label labels: through its field's `name` (antd ties the label to the
 * control it renders) or, for a control outside the form's store (a read-only value, a picker kept in state),
 * through `htmlFor` and the control's `id`. Without either a screen reader reads an unnamed control, and axe
 * counts it critical (it found the departments screen's department code so).
 */
const SRC = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
// an opening tag up to its `>`, stepping over the arrows of its props' functions
const FORM_ITEM = /<Form\.Item\b(?:=>|[^>])*>/g;

describe('labelled form rows', () => {
  it('tie every label to its control (name, or htmlFor with the control\'s id)', () => {
    const unnamed: string[] = [];
    let rows = 0;
    for (const file of files(SRC)) {
      for (const tag of readFileSync(file, 'utf8').match(FORM_ITEM) ?? []) {
        if (!/\blabel=/.test(tag)) continue;
        rows++;
        // a blank label only keeps the column's alignment
        if (/\blabel=" "/.test(tag)) continue;
        if (!/\bname=/.test(tag) && !/\bhtmlFor=/.test(tag)) unnamed.push(`${path.relative(SRC, file)}: ${tag.replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    }
    expect(rows).toBeGreaterThan(100);
    expect(unnamed).toEqual([]);
  });
});
