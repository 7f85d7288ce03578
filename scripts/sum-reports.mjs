// Sums vitest's and Playwright's JSON reports and the whole-suite checks into the one
// line CI reads: "N passed, N failed". Exits 1 when anything failed or nothing ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci-reports';
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

function addVitest(report) {
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that failed to load has no tests but must still fail the run.
  const broken = (report.testResults ?? []).filter((r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0);
  failed += broken.length;
  for (const r of broken) problems.push(`could not run ${r.name}: ${String(r.message ?? '').split('\n')[0]}`);
}

// vitest.json: the unit and integration tests; vitest-packaged.json: the packaged-app tests.
for (const name of ['vitest.json', 'vitest-packaged.json']) {
  const file = path.join(dir, name);
  if (existsSync(file)) addVitest(JSON.parse(readFileSync(file, 'utf8')));
  else {
    problems.push(`no ${name} report`);
    failed += 1;
  }
}

// vitest-pg.json: the server tests on PostgreSQL, when that pass ran (test-all.sh decides).
const pgFile = path.join(dir, 'vitest-pg.json');
if (existsSync(pgFile)) addVitest(JSON.parse(readFileSync(pgFile, 'utf8')));

const playwrightFile = path.join(dir, 'playwright.json');
if (existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

for (const file of readdirSync(dir).filter((f) => f.startsWith('check-'))) {
  const ok = readFileSync(path.join(dir, file), 'utf8').trim() === 'pass';
  if (ok) passed += 1;
  else {
    failed += 1;
    problems.push(`${file.slice(6, -4)} failed`);
  }
}

for (const p of problems) console.log(`problem: ${p}`);
if (passed + failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
