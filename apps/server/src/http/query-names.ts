import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

/** The property names of a route's zod querystring schema (through transforms and refinements). */
function schemaKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return schemaKeys(schema.in);
  return [];
}

/**
 * Renames query parameters to the schema's spelling when they differ only in case; a parameter
 * spelt exactly as the schema wins over a differently cased duplicate.
 */
export function canonicalQuery(
  query: Readonly<Record<string, unknown>>,
  spellings: ReadonlyMap<string, string>,
): Record<string, unknown> {
  // No prototype, so a parameter named __proto__ stays a plain key.
  const renamed = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    const name = spellings.get(key.toLowerCase()) ?? key;
    if (key === name || !Object.hasOwn(renamed, name)) renamed[name] = value;
  }
  return renamed;
}

/**
 * onRoute hook. Routes match without regard to case (docs/product/api.md#conventions), and so do
 * query parameter names: `?currency=EUR` fills `Currency`. The spec's own client spells them
 * `Currency`, `UrlName`, ...; people and other clients often do not. Runs before validation so the
 * schema sees its names.
 */
export function matchQueryNamesCaseInsensitively(routeOptions: RouteOptions): void {
  const keys = schemaKeys(routeOptions.schema?.querystring);
  if (keys.length === 0) return;

  const spellings = new Map(keys.map((key) => [key.toLowerCase(), key]));
  const renameQuery = async (request: FastifyRequest): Promise<void> => {
    request.query = canonicalQuery(request.query as Record<string, unknown>, spellings);
  };
  const existing = routeOptions.preValidation;
  routeOptions.preValidation = [
    renameQuery,
    ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
  ];
}
