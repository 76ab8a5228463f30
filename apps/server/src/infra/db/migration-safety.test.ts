import { describe, expect, it } from 'vitest';
import { checkMigration, splitStatements, type MigrationRule } from './migration-safety.js';

const rulesOf = (text: string, earlier: string[] = []): MigrationRule[] =>
  checkMigration(text, earlier).map((problem) => problem.rule);

describe('splitting a migration into statements', () => {
  it('splits at semicolons outside strings, quoted names and comments, as drizzle-kit writes them', () => {
    const statements = splitStatements(
      `ALTER TABLE "a;b" ADD COLUMN "x" text DEFAULT ';';--> statement-breakpoint\n` +
        `/* one; */ UPDATE t SET x = $$;$$;\n-- a trailing comment; no statement`,
    );
    expect(statements.map((statement) => statement.plain)).toEqual([
      "alter table a;b add column x text default ';'",
      'update t set x = $$;$$',
    ]);
  });
});

describe('online-safety rules', () => {
  it('refuses an index on an existing table, and allows one on a table made in the same migration', () => {
    expect(rulesOf('CREATE INDEX "orders_user" ON "orders" USING btree ("user_id");')).toEqual([
      'index-on-existing-table',
    ]);
    expect(
      rulesOf('CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS o ON public.orders (x);'),
    ).toEqual(['index-on-existing-table']);
    expect(
      rulesOf('CREATE TABLE "notes" ("id" uuid);\nCREATE INDEX "notes_id" ON "notes" ("id");'),
    ).toEqual([]);
  });

  it('refuses a foreign key or check validated at once on an existing table; NOT VALID passes', () => {
    const fk =
      'ALTER TABLE "orders" ADD CONSTRAINT "o_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id")';
    expect(rulesOf(`${fk};`)).toEqual(['constraint-on-existing-table']);
    expect(rulesOf(`${fk} NOT VALID;`)).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "c" CHECK (total > 0);')).toEqual([
      'constraint-on-existing-table',
    ]);
    expect(rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "c" CHECK (total > 0) NOT VALID;')).toEqual(
      [],
    );
    expect(rulesOf('ALTER TABLE orders ADD CONSTRAINT u UNIQUE (email);')).toEqual([
      'constraint-on-existing-table',
    ]);
    expect(rulesOf('ALTER TABLE orders ADD COLUMN shop_id uuid REFERENCES shops(id);')).toEqual([
      'constraint-on-existing-table',
    ]);
    expect(
      rulesOf(`CREATE TABLE "notes" ("user_id" uuid);\n${fk.replace('"orders"', '"notes"')};`),
    ).toEqual([]);
  });

  it('refuses validating a constraint in the migration that took a lock on its table', () => {
    expect(
      rulesOf(
        'ALTER TABLE orders ADD CONSTRAINT c CHECK (total > 0) NOT VALID;\n' +
          'ALTER TABLE orders VALIDATE CONSTRAINT c;',
      ),
    ).toEqual(['validate-in-same-migration']);
    expect(rulesOf('ALTER TABLE orders VALIDATE CONSTRAINT c;')).toEqual([]);
  });

  it('refuses changing a column type', () => {
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE numeric;')).toEqual([
      'column-type-change',
    ]);
    expect(
      rulesOf('ALTER TABLE orders ALTER COLUMN total TYPE numeric USING total::numeric;'),
    ).toEqual(['column-type-change']);
  });

  it('refuses SET NOT NULL unless a validated CHECK (column IS NOT NULL) came in an earlier migration', () => {
    const setNotNull = 'ALTER TABLE "orders" ALTER COLUMN "city" SET NOT NULL;';
    expect(rulesOf(setNotNull)).toEqual(['set-not-null']);
    const check =
      'ALTER TABLE "orders" ADD CONSTRAINT "city_nn" CHECK ("city" IS NOT NULL) NOT VALID;';
    expect(rulesOf(setNotNull, [check])).toEqual(['set-not-null']);
    expect(
      rulesOf(setNotNull, [check, 'ALTER TABLE "orders" VALIDATE CONSTRAINT "city_nn";']),
    ).toEqual([]);
  });

  it('refuses a column whose default or kind rewrites the table; a constant or now() passes', () => {
    for (const column of [
      'uuid DEFAULT gen_random_uuid()',
      'double precision DEFAULT random()',
      'timestamptz DEFAULT clock_timestamp()',
      'bigserial',
      'integer GENERATED ALWAYS AS IDENTITY',
      'integer GENERATED ALWAYS AS (total * 2) STORED',
    ]) {
      expect(rulesOf(`ALTER TABLE orders ADD COLUMN x ${column};`), column).toEqual([
        'volatile-default',
      ]);
    }
    expect(rulesOf('ALTER TABLE orders ADD COLUMN x boolean DEFAULT false NOT NULL;')).toEqual([]);
    expect(rulesOf('ALTER TABLE orders ADD COLUMN x timestamptz DEFAULT now() NOT NULL;')).toEqual(
      [],
    );
  });

  it('refuses a NOT NULL column without a default on an existing table', () => {
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text NOT NULL;')).toEqual([
      'not-null-without-default',
    ]);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text;')).toEqual([]);
  });

  it('refuses backfills of existing tables inside the migration', () => {
    expect(rulesOf('UPDATE "passkeys" SET "added_unverified" = true;')).toEqual(['backfill']);
    expect(rulesOf('DELETE FROM sessions WHERE expired;')).toEqual(['backfill']);
    expect(rulesOf('CREATE TABLE t (x int);\nUPDATE t SET x = 1;')).toEqual([]);
  });

  it('refuses statements that rewrite or lock a whole table', () => {
    for (const statement of [
      'VACUUM FULL orders',
      'CLUSTER orders USING orders_pkey',
      'REINDEX TABLE orders',
      'LOCK TABLE orders',
      'ALTER TABLE orders SET TABLESPACE fast',
      'ALTER TABLE orders SET UNLOGGED',
    ]) {
      expect(rulesOf(`${statement};`), statement).toEqual(['table-rewrite']);
    }
  });

  it('takes a statement marked `-- online-safe: <reason>` as reviewed', () => {
    expect(
      rulesOf(
        '-- online-safe: categories holds a few dozen rows\nCREATE INDEX c ON categories (x);',
      ),
    ).toEqual([]);
    expect(rulesOf('-- online-safe:\nCREATE INDEX c ON categories (x);')).toEqual([
      'index-on-existing-table',
    ]);
  });
});
