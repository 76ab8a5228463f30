import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ADMIN_API_PREFIX } from '@pictura/contract';

export interface PostRoute {
  /** As registered, with `:params`. */
  readonly pattern: string;
  readonly body: z.ZodType | undefined;
  readonly params: z.ZodType | undefined;
  readonly bodyLimit: number | undefined;
  readonly admin: boolean;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Collects the app's POST routes through `buildTestApp({ observeRoutes })`, so none is missed. */
export function postRouteCollector() {
  const routes: PostRoute[] = [];
  const observe = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    const schema = route.schema as { body?: unknown; params?: unknown } | undefined;
    routes.push({
      pattern: route.url,
      body: isZod(schema?.body) ? schema.body : undefined,
      params: isZod(schema?.params) ? schema.params : undefined,
      bodyLimit: route.bodyLimit,
      admin: route.url.toLowerCase().startsWith(ADMIN_API_PREFIX),
    });
  };
  return { routes, observe };
}

/** The route's path with each `:param` filled in from `values`. */
export function fillParams(pattern: string, values: Readonly<Record<string, unknown>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
