import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response. The built SPA loads only its own hashed files (no
 * inline script or style elements; React's style props go through the CSSOM, which CSP allows),
 * images may be data:/blob: placeholders, and nothing may frame the shop or change its base URL.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/** Helmet's headers (nosniff, frame options, HSTS, referrer policy, ...) on every response. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      // Only our directives: helmet's defaults add `upgrade-insecure-requests`, which breaks the
      // plain-http http://localhost:3000 that `npm start` serves.
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
      ),
    },
  });
}
