import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in src/modules/<module>/schema.ts; migrations are generated into
// ./drizzle, committed, and applied at start-up (src/infra/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
});
