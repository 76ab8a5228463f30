import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response. The built app loads only its own hashed files: no
 * inline script at all (a rendered page's data travels in a `<script type="application/json">`,
 * which is data, not script), and no `<style>` elements. Style *attributes* are allowed: a page
 * rendered on the server carries React's style props as attributes (a picture's blurred
 * placeholder and its proportions, which differ per picture), and an attribute cannot run script.
 * Images may be data:/blob: placeholders, and nothing may frame the shop or change its base URL.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/**
 * Helmet's headers (nosniff, frame options, HSTS, referrer policy, ...) on every response. Its
 * middleware is made once: @fastify/helmet made it afresh for every request (checking the options
 * and joining the policy's text each time), which the server render's calls to its own API paid too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // Only our directives: helmet's defaults add `upgrade-insecure-requests`, which breaks the
      // plain-http http://localhost:3000 that `npm start` serves.
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
      ),
    },
  });
  // On the root instance, before any route: every answer gets them, a 404 and an error included.
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet hands on only Errors (a directive it cannot write); nothing else stops a request.
    setHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
