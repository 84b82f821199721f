/**
 * Where a page's JavaScript weight comes from: each chunk's minified bytes attributed, through its
 * source map, to the package (or src/ folder) they were built from, and its gzip size shared out in
 * proportion. An estimate (gzip does not split that way), good enough to know what to cut.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** node_modules/<pkg> (antd by component folder), src/<area>/<folder>, or the shared package. */
function ownerOf(source: string | null): string {
  if (!source) return '(no source)';
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '?');
    return name === 'antd' ? `antd/${parts[2] ?? '?'}` : name;
  }
  const src = source.indexOf('apps/web/src/');
  if (src >= 0) return source.slice(src + 'apps/web/'.length).split('/').slice(0, 3).join('/');
  const shared = source.indexOf('packages/shared/');
  return shared >= 0 ? 'packages/shared' : source;
}

export function composition(dist: string, scripts: Iterable<string>): Map<string, number> {
  const owners = new Map<string, number>();
  for (const script of scripts) {
    const file = path.join(dist, script);
    const code = readFileSync(file, 'utf8');
    const gzipShare = gzipSync(code, { level: 9 }).length / code.length;
    if (!existsSync(`${file}.map`)) {
      // the bundler's own runtime has no map
      owners.set('(bundler runtime)', (owners.get('(bundler runtime)') ?? 0) + (code.length * gzipShare) / 1024);
      continue;
    }
    const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    const lineStarts = [0];
    for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
    const marks: { at: number; owner: string }[] = [];
    map.eachMapping((m) => marks.push({ at: (lineStarts[m.generatedLine - 1] ?? 0) + m.generatedColumn, owner: ownerOf(m.source) }));
    marks.sort((a, b) => a.at - b.at);
    marks.forEach((mark, i) => {
      const bytes = (marks[i + 1]?.at ?? code.length) - mark.at;
      owners.set(mark.owner, (owners.get(mark.owner) ?? 0) + (bytes * gzipShare) / 1024);
    });
  }
  return owners;
}

export function printComposition(title: string, owners: Map<string, number>, minKb = 0.5): void {
  console.log(`\n${title} (KB gzip, estimated)`);
  const sorted = [...owners].sort((a, b) => b[1] - a[1]);
  for (const [owner, kb] of sorted) if (kb >= minKb) console.log(`${kb.toFixed(1).padStart(7)}  ${owner}`);
  const small = sorted.filter(([, kb]) => kb < minKb).reduce((sum, [, kb]) => sum + kb, 0);
  console.log(`${small.toFixed(1).padStart(7)}  (${sorted.filter(([, kb]) => kb < minKb).length} smaller owners)`);
}
