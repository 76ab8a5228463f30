import fc from 'fast-check';

type Path = readonly (string | number)[];

/** Every place inside a JSON value (the root is `[]`). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

type Edit =
  { kind: 'drop' } | { kind: 'replace'; with: unknown } | { kind: 'extraKey'; key: string };

function edit(value: unknown, path: Path, change: Edit): unknown {
  if (path.length === 0) {
    if (change.kind === 'replace') return change.with;
    if (
      change.kind === 'extraKey' &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    ) {
      return { ...value, [change.key]: 'unexpected' };
    }
    return value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && change.kind === 'drop') copy.splice(Number(head), 1);
    else copy[Number(head)] = edit(copy[Number(head)], rest, change);
    return copy;
  }
  const record = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && change.kind === 'drop') delete record[String(head)];
  else record[String(head)] = edit(record[String(head)], rest, change);
  return record;
}

// Wrong types, out-of-range numbers, empty, blank and huge strings (huge, yet inside the 1 MB limit).
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -1e12, 1e300, '', '   ', [], {}, 'NaN'),
  fc.constantFrom(400_000, 100_000, 5_000, 300).map((length) => 'x'.repeat(length)),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const change: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant<Edit>({ kind: 'drop' }),
  replacement.map((value): Edit => ({ kind: 'replace', with: value })),
  fc
    .constantFrom('unknownField', 'price', '__proto__x', 'isAdmin', '')
    .map((key): Edit => ({ kind: 'extraKey', key })),
);

/** A valid body with one thing broken: a key dropped or added, a wrong type, null, a huge value. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) =>
    fc
      .tuple(fc.constantFrom(...pathsOf(value)), fc.array(change, { minLength: 1, maxLength: 2 }))
      .map(([path, changes]) => changes.reduce((body, next) => edit(body, path, next), value)),
  );
}
