import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { z } from 'zod';

const Families = z.array(
  z.object({
    name: z.string(),
    type: z.string(),
    metrics: z.array(
      z.object({ labels: z.record(z.string(), z.string()).optional(), value: z.string() }),
    ),
  }),
);

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** A scrape as a scraper reads it: each family's declared type, and every sample by its name. */
export interface Scrape {
  types: Map<string, string>;
  samples: Map<string, Sample[]>;
}

/**
 * Reads Prometheus text with an independent parser (parse-prometheus-text-format), which refuses
 * a malformed line. That parser folds a histogram's samples into one set of buckets and drops
 * their labels (it expects unlabelled histograms), so the samples are read from a second pass in
 * which histograms are declared untyped: each `_bucket`, `_sum` and `_count` line is then a sample
 * of its own, with its labels.
 */
export function parseMetrics(text: string): Scrape {
  const declared = z
    .array(z.object({ name: z.string(), type: z.string() }))
    .parse(parsePrometheusTextFormat(text));
  const types = new Map(declared.map((family) => [family.name, family.type]));
  const untyped = text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped');
  const samples = new Map<string, Sample[]>();
  for (const family of Families.parse(parsePrometheusTextFormat(untyped))) {
    const list = samples.get(family.name) ?? [];
    for (const sample of family.metrics) {
      list.push({ labels: sample.labels ?? {}, value: Number(sample.value) });
    }
    samples.set(family.name, list);
  }
  return { types, samples };
}

const matches = (labels: Record<string, string>, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => labels[name] === value);

/** The family's type as the text declares it (GAUGE, COUNTER, HISTOGRAM, ...); throws if absent. */
export function typeOf(scrape: Scrape, name: string): string {
  const type = scrape.types.get(name);
  if (!type) throw new Error(`no metric ${name}`);
  return type;
}

/**
 * The sum of a gauge's or counter's samples whose labels include `labels` (for a histogram: of
 * its `_count`s, the number of observations); undefined when no sample matches.
 */
export function valueOf(
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const sampleName = scrape.types.get(name) === 'HISTOGRAM' ? `${name}_count` : name;
  const found = (scrape.samples.get(sampleName) ?? []).filter((sample) =>
    matches(sample.labels, labels),
  );
  if (found.length === 0) return undefined;
  return found.reduce((total, sample) => total + sample.value, 0);
}

/** Every label set of a family's samples (a histogram's: of its `_count`s). */
export function labelSetsOf(scrape: Scrape, name: string): Record<string, string>[] {
  const sampleName = scrape.types.get(name) === 'HISTOGRAM' ? `${name}_count` : name;
  return (scrape.samples.get(sampleName) ?? []).map((sample) => sample.labels);
}
