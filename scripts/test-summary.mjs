// Adds up the vitest JSON reports of one `npm test` run into the plain closing line CI reads, with each
// part's time against the suite's budget and the slowest test files (what the next area should look at).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `npm ci && npm test` get 15 minutes on the two cores of CI (decision 0034); npm ci takes about one of them. */
const BUDGET_SECONDS = 14 * 60;
const SLOWEST_SHOWN = 5;

const dir = process.argv[2];
const root = process.cwd();
let passed = 0;
let failed = 0;
let skipped = 0;
const files = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const part = file.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${part.padEnd(14)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const result of report.testResults ?? []) {
    if (result.startTime && result.endTime) files.push({ part, name: path.relative(root, result.name), seconds: (result.endTime - result.startTime) / 1000 });
  }
}

const clock = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
const times = path.join(dir, 'times.tsv');
if (existsSync(times)) {
  const rows = readFileSync(times, 'utf8').trim().split('\n').map((line) => line.split('\t'));
  const wall = path.join(dir, 'wall.tsv');
  const total = existsSync(wall) ? Number(readFileSync(wall, 'utf8').split('\t')[1]) : rows.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  // CPU seconds next to the wall time: on two cores a part can use at most twice its time, and what the
  // tests leave idle is what the parts beside them get
  const cpu = (seconds) => (seconds ? `${String(seconds).padStart(5)} s CPU` : ''.padStart(11));
  console.log('\ntime per part:');
  for (const [name, seconds, cpuSeconds] of rows) console.log(`  ${clock(Number(seconds)).padStart(13)}  ${cpu(cpuSeconds)}  ${name}`);
  // the parts that ran beside the others (scripts/test.sh start_beside): their own time, inside the total
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.done')).sort()) {
    const [, seconds, cpuSeconds] = readFileSync(path.join(dir, file), 'utf8').trim().split('\t');
    console.log(`  ${`(${clock(Number(seconds))})`.padStart(13)}  ${cpu(cpuSeconds)}  ${file.replace(/\.done$/, '')}, beside the tests`);
  }
  const verdict = total <= BUDGET_SECONDS ? 'within' : `OVER by ${clock(total - BUDGET_SECONDS)}:`;
  console.log(`  ${clock(total).padStart(13)}  ${''.padStart(11)}  in all, ${verdict} npm test's budget of ${clock(BUDGET_SECONDS)} (15 min with npm ci)`);
}
if (files.length > 0) {
  console.log(`\nslowest test files (their tests' time, without imports):`);
  for (const { part, name, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN)) {
    console.log(`  ${clock(seconds).padStart(13)}  ${part.padEnd(14)} ${name}`);
  }
}
if (passed === 0) {
  console.error('no test ran');
  process.exit(1);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
