// Writes the small style samples of the /create page (apps/web/public/styles/{Style}.webp), one per
// style, painted by the procedural generator. Run once when a style recipe changes, and commit the
// files: `npx tsx --conditions=source apps/server/src/cli/style-samples.ts [outDir]`.
// They are static files rather than a route so that opening /create costs no CPU on the server and
// the chips show the same pictures whichever generator the server is configured with.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharp } from '../infra/images/index.js';
import { STYLES, type Style } from '@pictura/contract';
import { ProceduralImageGenerator } from '../infra/image-generation/index.js';

// Shown at 96x64 CSS pixels; twice that keeps them sharp on high-density screens.
const WIDTH = 192;
const HEIGHT = 128;
const QUALITY = 60;
// Fixed, so that running the script again without a recipe change writes the same files.
const PROMPT = 'Pictura style sample';
const SEED = 7;

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '../../../web/public/styles'));

async function sample(generator: ProceduralImageGenerator, style: Style): Promise<Buffer> {
  const { bytes } = await generator.generate({
    prompt: PROMPT,
    style,
    orientation: 'Horizontal',
    seed: SEED,
  });
  return sharp(bytes)
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .webp({ quality: QUALITY, effort: 6 })
    .toBuffer();
}

await mkdir(outDir, { recursive: true });
const generator = new ProceduralImageGenerator();
let total = 0;
for (const style of STYLES) {
  const bytes = await sample(generator, style);
  await writeFile(join(outDir, `${style}.webp`), bytes);
  total += bytes.length;
  console.log(`${style}.webp ${bytes.length} bytes`);
}
console.log(`${STYLES.length} samples, ${total} bytes, in ${outDir}`);
