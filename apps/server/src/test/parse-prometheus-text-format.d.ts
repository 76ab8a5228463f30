// The package ships no types; its result is checked with zod where it is read (prometheus-text.ts).
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown;
}
