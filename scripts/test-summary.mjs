// Adds up the vitest JSON reports of one `npm test` run into the plain closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${file.replace(/\.json$/, '').padEnd(14)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const times = path.join(dir, 'times.tsv');
if (existsSync(times)) {
  const rows = readFileSync(times, 'utf8').trim().split('\n').map((line) => line.split('\t'));
  const total = rows.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  const clock = (seconds) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  console.log('\ntime per part:');
  for (const [name, seconds] of rows) console.log(`  ${clock(Number(seconds)).padStart(13)}  ${name}`);
  console.log(`  ${clock(total).padStart(13)}  in all`);
}
if (passed === 0) {
  console.error('no test ran');
  process.exit(1);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
