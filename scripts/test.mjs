// `npm test`: install what is missing (npm packages, Debian's chromium), then lint, typecheck,
// unit and integration tests, the build and its smoke test on Node 24, load and end-to-end tests.
// Stops at the first failing step; ends with one line 'Summary: N passed, N failed' counted from
// the test runners' JSON reports.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall, root, runNpm } from './lib.mjs';

ensureInstall();
ensureChromium();

const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestJson = (name) => [
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

// [name, npm arguments (or several sets, run side by side), JSON report the step must write]
const steps = [
  // One core each: side by side they take the time of the slower one.
  [
    'lint and typecheck',
    [
      ['run', 'lint'],
      ['run', 'typecheck'],
    ],
  ],
  ['unit tests', ['run', 'test:unit', ...vitestJson('unit')], 'unit.json'],
  [
    'integration tests',
    ['run', 'test:integration', ...vitestJson('integration')],
    'integration.json',
  ],
  ['build', ['run', 'build']],
  // The built server on Node 24 LTS too (fetched from the npm registry when this Node is not 24).
  ['Node 24 smoke test', ['run', 'test:node24']],
  ['load test', ['run', 'test:load', ...vitestJson('load')], 'load.json'],
  // Straight to the workspace's script: through `npm run test:e2e -- …` npm would take the
  // reporter flag as its own config and Playwright would write no JSON report.
  ['end-to-end tests', ['run', 'test', '-w', 'e2e', '--', '--reporter=list,json'], 'e2e.json'],
];

/** Counts passed and failed tests in the Vitest and Playwright JSON reports written so far. */
function countTests() {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit', 'integration', 'load']) {
    const file = join(reports, `${name}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  const e2eFile = join(reports, 'e2e.json');
  if (existsSync(e2eFile)) {
    const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

const started = Date.now();
let exitCode = 0;
for (const [name, args, report] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') };
  const commands = Array.isArray(args[0]) ? args : [args];
  const codes = await Promise.all(commands.map((command) => runNpm(command, { env })));
  const code = codes.find((each) => each !== 0) ?? 0;
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(0);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}) after ${seconds}s`);
    exitCode = code;
    break;
  }
  if (report && !existsSync(join(reports, report))) {
    // Tests that ran but were not counted would make the summary lie.
    console.error(`\n${name} wrote no report ${report}: its tests cannot be counted`);
    exitCode = 1;
    break;
  }
  console.log(`=== ${name}: ok (${seconds}s) ===`);
}
const { passed, failed } = countTests();
console.log(`\nFinished in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
