// npm test: lint, typecheck, unit and medium tests (vitest), then the end-to-end tests (Playwright against
// a built, started server). Ends with one "N passed, N failed" line over all tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-state.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reports = join(root, 'node_modules/.cache/fovea-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const failures = [];
function step(name, command, args, env = {}) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

step('lint', npm, ['run', 'lint', '--silent']);
step('typecheck', npm, ['run', 'typecheck', '--silent']);
const vitestJson = join(reports, 'vitest.json');
step('unit and medium tests', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const playwrightJson = join(reports, 'playwright.json');
if (step('build', npm, ['run', 'build', '--silent'])) {
  step('end-to-end tests', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
}

let passed = 0;
let failed = 0;
// The names of the failed tests, repeated at the end: CI shows only the last part of a long log.
const failedNames = [];
function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
for (const suite of readReport(vitestJson)?.testResults ?? []) {
  for (const test of suite.assertionResults ?? []) {
    if (test.status === 'failed') failedNames.push(`${suite.name.replace(root, '.')} › ${test.fullName}`);
  }
  if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0)
    failedNames.push(
      `${suite.name.replace(root, '.')} (did not load: ${String(suite.message).slice(0, 300)})`,
    );
}
function playwrightFailures(suites, path) {
  for (const suite of suites ?? []) {
    const here = [...path, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failedNames.push([...here, spec.title].join(' › '));
    }
    playwrightFailures(suite.suites, here);
  }
}
playwrightFailures(readReport(playwrightJson)?.suites, []);
function count(name, file, read) {
  const counts = existsSync(file) ? read(JSON.parse(readFileSync(file, 'utf8'))) : { passed: 0, failed: 0 };
  passed += counts.passed;
  // A runner that failed without naming a failed test (a suite that did not load) still counts as one failure.
  failed += counts.failed > 0 || !failures.includes(name) ? counts.failed : 1;
}
count('unit and medium tests', vitestJson, (report) => ({
  passed: report.numPassedTests ?? 0,
  failed: report.numFailedTests ?? 0,
}));
if (!failures.includes('build')) {
  count('end-to-end tests', playwrightJson, (report) => ({
    // A test that passed on its retry counts as passed, as Playwright's exit code does; the list shows it as flaky.
    passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
    failed: report.stats?.unexpected ?? 0,
  }));
}
for (const name of ['lint', 'typecheck', 'build']) if (failures.includes(name)) failed += 1;

if (failedNames.length > 0)
  console.log(`\nFailed tests:\n${failedNames.map((name) => `  ✗ ${name}`).join('\n')}`);
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
