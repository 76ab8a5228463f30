// `npm run floor -w bench`: the gzipped JavaScript of each stack before any Pictura code
// (stack-floor.ts), and what the first-view budget leaves for Pictura's own code on top of the app's.
import { OWN_JS_GZIP_BUDGET_KB } from './web-size.js';
import { APP_STACK, STACKS, stackFloorBytes } from './stack-floor.js';

console.log(`| libraries, before any Pictura code | gzip |`);
console.log('| --- | ---: |');
let floorKb = 0;
for (const stack of STACKS) {
  const kb = (await stackFloorBytes(stack)) / 1024;
  if (stack === APP_STACK) floorKb = kb;
  console.log(`| ${stack.name} | ${kb.toFixed(1)} kB |`);
}
console.log(
  `\nA first view may weigh ${(floorKb + OWN_JS_GZIP_BUDGET_KB).toFixed(1)} kB gzip: the app's ` +
    `stack (${floorKb.toFixed(1)} kB) and at most ${OWN_JS_GZIP_BUDGET_KB} kB of Pictura's own.`,
);
