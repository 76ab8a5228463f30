// Whether a migration's SQL can run on a large PostgreSQL database while the shop serves: no table
// rewrite, no scan or index build under a lock that stops writes. drizzle's migrator applies every
// pending migration in one transaction, so each lock a statement takes is held until the last one
// ends, and CREATE INDEX CONCURRENTLY (which refuses to run in a transaction) is not available.
// Tables created in the same migration are empty: anything goes on them.

export type MigrationRule =
  | 'index-on-existing-table'
  | 'constraint-on-existing-table'
  | 'validate-in-same-migration'
  | 'column-type-change'
  | 'set-not-null'
  | 'volatile-default'
  | 'not-null-without-default'
  | 'backfill'
  | 'table-rewrite';

export interface MigrationProblem {
  readonly rule: MigrationRule;
  readonly statement: string;
  readonly why: string;
}

interface Statement {
  /** Lower case, comments out, identifiers unquoted, whitespace collapsed. */
  readonly plain: string;
  /** The reason of an `-- online-safe: <reason>` comment in the statement, if any. */
  readonly exemption: string | null;
}

const EXEMPTION = /^--\s*online-safe:\s*(\S.*)$/;

/** Splits SQL into statements at top-level semicolons (not in strings, identifiers or comments). */
export function splitStatements(text: string): Statement[] {
  const statements: Statement[] = [];
  let code = '';
  let exemption: string | null = null;
  let i = 0;
  const end = () => {
    const plain = code.replaceAll('"', '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (plain) statements.push({ plain, exemption });
    code = '';
    exemption = null;
  };
  while (i < text.length) {
    const rest = text.slice(i);
    const comment = /^--[^\n]*/.exec(rest) ?? /^\/\*[\s\S]*?\*\//.exec(rest);
    const literal =
      /^'(?:[^']|'')*'/.exec(rest) ??
      /^"(?:[^"]|"")*"/.exec(rest) ??
      /^(\$\w*\$)[\s\S]*?\1/.exec(rest);
    if (comment) {
      exemption ??= EXEMPTION.exec(comment[0])?.[1] ?? null;
      code += ' ';
      i += comment[0].length;
    } else if (literal) {
      code += literal[0];
      i += literal[0].length;
    } else if (text[i] === ';') {
      end();
      i += 1;
    } else {
      code += text[i];
      i += 1;
    }
  }
  end();
  return statements;
}

const IDENT = '((?:\\w+\\.)?\\w+)';
const tableName = (name: string) => name.replace(/^public\./, '');
const VOLATILE =
  /\bdefault\b.*\b(gen_random_uuid|random|clock_timestamp|timeofday|uuid_generate_v\w+|nextval)\s*\(|\b(small|big)?serial\b|\bgenerated\b.*\b(identity|stored)\b/;

/** The validated `CHECK (column IS NOT NULL)` constraints of `statements`, as `table.column`. */
function validatedNotNullChecks(statements: readonly Statement[]): Set<string> {
  const checks = new Map<string, string>();
  const validated = new Set<string>();
  for (const { plain } of statements) {
    const table = new RegExp(`^alter table (?:if exists )?(?:only )?${IDENT} `).exec(plain)?.[1];
    if (!table) continue;
    const added = /add constraint (\w+) check \(+(\w+) is not null\)+/.exec(plain);
    if (added?.[1] && added[2]) checks.set(added[1], `${tableName(table)}.${added[2]}`);
    const validation = /validate constraint (\w+)/.exec(plain)?.[1];
    const column = validation === undefined ? undefined : checks.get(validation);
    if (column) validated.add(column);
  }
  return validated;
}

/** Problems of one ALTER TABLE on a table that existed before the migration. */
function alterProblems(
  table: string,
  actions: string,
  earlier: Set<string>,
): [MigrationRule, string][] {
  const found: [MigrationRule, string][] = [];
  for (const action of actions.split(/, (?=(?:add|alter|drop|validate|rename|set|owner)\b)/)) {
    if (
      /^add (?:constraint \w+ )?(?:foreign key|check)\b/.test(action) &&
      !/\bnot valid\b/.test(action)
    ) {
      found.push([
        'constraint-on-existing-table',
        'it scans the table under a lock that stops writes: add it NOT VALID, validate it in a later release',
      ]);
    }
    if (
      /^add (?:constraint \w+ )?(?:unique|primary key|exclude)\b/.test(action) ||
      /^add column\b.*\b(?:references|unique|primary key)\b/.test(action)
    ) {
      found.push([
        'constraint-on-existing-table',
        'it builds an index or checks every row under a lock that stops writes',
      ]);
    }
    if (/^alter column \w+ (?:set data )?type\b/.test(action)) {
      found.push([
        'column-type-change',
        'changing a column type rewrites the table under an exclusive lock: add a new column instead',
      ]);
    }
    const notNull = /^alter column (\w+) set not null\b/.exec(action)?.[1];
    if (notNull && !earlier.has(`${table}.${notNull}`)) {
      found.push([
        'set-not-null',
        'it scans the table under an exclusive lock: first add CHECK (column IS NOT NULL) NOT VALID and validate it in an earlier release',
      ]);
    }
    if (/^add column\b/.test(action)) {
      if (VOLATILE.test(action)) {
        found.push([
          'volatile-default',
          'a volatile default, serial, identity or stored generated column rewrites the table: add the column without it and fill it in batches',
        ]);
      } else if (/\bnot null\b/.test(action) && !/\bdefault\b/.test(action)) {
        found.push([
          'not-null-without-default',
          'it fails on a table that has rows: give it a constant default, or add it nullable',
        ]);
      }
    }
    if (/^set (?:tablespace|logged|unlogged)\b/.test(action)) {
      found.push(['table-rewrite', 'it rewrites the table under an exclusive lock']);
    }
  }
  return found;
}

/** Rules broken by one statement, given the tables created so far in this migration. */
function statementProblems(
  plain: string,
  created: Set<string>,
  alteredHere: Set<string>,
  earlier: Set<string>,
): [MigrationRule, string][] {
  const isNew = (name: string) => created.has(tableName(name));
  const index = new RegExp(
    `^create (?:unique )?index (?:concurrently )?(?:if not exists )?(?:\\w+ )?on (?:only )?${IDENT}`,
  ).exec(plain);
  if (index?.[1] && !isNew(index[1])) {
    return [
      [
        'index-on-existing-table',
        "CREATE INDEX stops writes to the table while it builds, and CONCURRENTLY cannot run in the migrator's transaction",
      ],
    ];
  }
  const alter = new RegExp(`^alter table (?:if exists )?(?:only )?${IDENT} (.*)$`).exec(plain);
  if (alter?.[1] && alter[2] !== undefined && !isNew(alter[1])) {
    const table = tableName(alter[1]);
    const found = alterProblems(table, alter[2], earlier);
    if (/\bvalidate constraint\b/.test(alter[2]) && alteredHere.has(table)) {
      found.push([
        'validate-in-same-migration',
        'the lock an earlier statement of this migration took on the table is still held while it scans: validate in a later release',
      ]);
    }
    alteredHere.add(table);
    return found;
  }
  const write = new RegExp(`^(?:update|delete from) (?:only )?${IDENT}`).exec(plain);
  if (write?.[1] && !isNew(write[1])) {
    return [
      [
        'backfill',
        'the rows it writes stay locked until every pending migration has run: backfill in batches outside the migration',
      ],
    ];
  }
  if (/^(?:vacuum full|vacuum \(.*full|cluster|reindex|lock)\b/.test(plain)) {
    return [['table-rewrite', 'it rewrites or locks a whole table']];
  }
  return [];
}

/**
 * What in `text` (one migration) could block a large shop, given the migrations before it
 * (`earlier`, oldest first). A statement preceded by `-- online-safe: <reason>` is taken as reviewed.
 */
export function checkMigration(text: string, earlier: readonly string[] = []): MigrationProblem[] {
  const validated = validatedNotNullChecks(earlier.flatMap(splitStatements));
  const created = new Set<string>();
  const alteredHere = new Set<string>();
  const problems: MigrationProblem[] = [];
  for (const { plain, exemption } of splitStatements(text)) {
    const table = new RegExp(`^create (?:unlogged )?table (?:if not exists )?${IDENT}`).exec(
      plain,
    )?.[1];
    if (table) created.add(tableName(table));
    const found = statementProblems(plain, created, alteredHere, validated);
    if (exemption) continue;
    for (const [rule, why] of found) problems.push({ rule, statement: plain, why });
  }
  return problems;
}
