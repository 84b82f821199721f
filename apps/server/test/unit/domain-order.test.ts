import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from '../helpers/source-files.ts';
import domainFloors from '../../domain-floors.json' with { type: 'json' };

/*
 * The server's domains in their order, bottom to top (docs/domains.md): a domain imports the kernel, the shared
 * package and the domains on its floor or below, never one above; a lower domain learns of a higher one through
 * a hook or an event (the app registers it: `listenToOrderMoves`, the checks' `duplicateSources`). Read from
 * the imports between the folders of apps/server/src/modules; one import running up fails the test.
 */

const MODULES = path.resolve(import.meta.dirname, '../../src/modules');

/** Floors, bottom first: keep in step with docs/domains.md. */
/** Floors, bottom first (apps/server/domain-floors.json, which lint reads too; docs/domains.md draws them). */
const FLOORS: readonly (readonly string[])[] = domainFloors.floors;

/** Imports still running up, to be replaced by a hook the higher domain registers (none: keep it so). */
const STILL_RUNNING_UP: readonly string[] = [];

/** Each domain and the domains it imports (relative imports into another folder of modules/). */
function importsBetweenDomains(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFilesUnder(MODULES)) {
    const from = path.relative(MODULES, file).split(path.sep)[0]!;
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(MODULES + path.sep)) continue;
      const to = path.relative(MODULES, target).split(path.sep)[0]!;
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

describe("the server's domains in their order", () => {
  const floorOf = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor] as const)));
  const edges = importsBetweenDomains();

  it('places every domain on a floor', () => {
    const domains = readdirSync(MODULES).filter((name) => statSync(path.join(MODULES, name)).isDirectory());
    expect(domains.filter((domain) => !floorOf.has(domain))).toEqual([]);
    expect([...floorOf.keys()].filter((domain) => !domains.includes(domain))).toEqual([]);
    // the reading itself works
    expect(edges.size).toBeGreaterThan(10);
  });

  it('has no circle among domains, on one floor or across floors', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (domain: string, trail: string[]) => {
      if (state.get(domain) === 'done') return;
      if (state.get(domain) === 'open') {
        circles.push([...trail.slice(trail.indexOf(domain)), domain].join(' -> '));
        return;
      }
      state.set(domain, 'open');
      for (const next of edges.get(domain) ?? []) visit(next, [...trail, domain]);
      state.set(domain, 'done');
    };
    for (const domain of floorOf.keys()) visit(domain, []);
    expect(circles).toEqual([]);
  });

  it('has no import running up, but for those still to replace by a hook (and no more of them)', () => {
    const up = [...edges].flatMap(([from, tos]) => [...tos].filter((to) => floorOf.get(to)! > floorOf.get(from)!).map((to) => `${from} -> ${to}`));
    expect(up.sort()).toEqual([...STILL_RUNNING_UP].sort());
  });
});
