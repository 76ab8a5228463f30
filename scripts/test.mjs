// `npm test`: install what is missing (npm packages, Debian's chromium), then lint, typecheck,
// unit, integration and end-to-end tests. Stops at the first failing step.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall, runNpm } from './lib.mjs';

ensureInstall();
ensureChromium();

const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit tests', ['run', 'test:unit']],
  ['integration tests', ['run', 'test:integration']],
  ['build', ['run', 'build']],
  ['end-to-end tests', ['run', 'test:e2e']],
];

const started = Date.now();
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const code = await runNpm(args);
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(0);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}) after ${seconds}s`);
    process.exit(code);
  }
  console.log(`=== ${name}: ok (${seconds}s) ===`);
}
console.log(`\nAll steps passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
