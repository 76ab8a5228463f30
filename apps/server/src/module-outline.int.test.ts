// The module outline (docs/architecture.md, "Adding a module"): every folder under modules/ is a
// module entered through its index.ts; one with routes has a module.ts whose plugin carries the
// folder's name and is registered by the app. (That back-office routes sit inside the admin check
// is admin/deny-by-default.int.test.ts's.)
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachEngine } from './test/index.js';

const MODULES_DIR = join(import.meta.dirname, 'modules');
const moduleNames = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const fileOf = (module: string, file: string) => join(MODULES_DIR, module, file);
const hasFile = (module: string, file: string) => existsSync(fileOf(module, file));

describeEachEngine('the module outline', (ctx) => {
  it('gives every module an index.ts, and every module with routes a module.ts', () => {
    expect(moduleNames.length).toBeGreaterThan(10);
    for (const module of moduleNames) {
      expect(hasFile(module, 'index.ts'), `${module}/index.ts`).toBe(true);
      if (hasFile(module, 'routes.ts') || hasFile(module, 'admin-routes.ts')) {
        expect(hasFile(module, 'module.ts'), `${module}/module.ts`).toBe(true);
      }
    }
  });

  it("registers every module's plugin under the module's folder name", async () => {
    const app = await ctx.buildApp();
    const withPlugin = moduleNames.filter((module) => hasFile(module, 'module.ts'));
    for (const module of withPlugin) {
      expect(app.hasPlugin(module), `plugin "${module}" registered`).toBe(true);
    }
  });
});
