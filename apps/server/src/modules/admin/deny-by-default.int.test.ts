// Every route under /api/admin, whoever adds it, answers 401 to a visitor and 403
// to a customer and to an admin without a second factor. The table is read from the app itself, so a new admin route is covered unasked.
import type { RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  ADMIN_API_PREFIX,
  adminApiPaths,
  AuditListSchema,
  TWO_STEP_MESSAGES,
} from '@pictura/contract';
import { promoteToAdmin } from '../accounts/index.js';
import { bearer, describeEachEngine, signUp, signUpAdmin } from '../../test/index.js';

interface AdminRoute {
  method: string;
  url: string;
}

describeEachEngine('the admin route table', (ctx) => {
  const routes: AdminRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of GET.
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  };
  // Path parameters are filled with values of the usual shapes; the guard runs before validation.
  const concrete = (url: string) =>
    url.replace(/:([A-Za-z]+)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x'));

  it('refuses visitors with 401, and customers and admins without a second factor with 403, on every admin route', async () => {
    routes.length = 0;
    const watched = await ctx.buildApp({ observeRoutes: collect });
    // At least the audit log; every area adds its own.
    expect(routes).toContainEqual({ method: 'GET', url: adminApiPaths.audit });
    const customer = await signUp(watched);
    const oneStepAdmin = await signUp(watched);
    expect(await promoteToAdmin(ctx.database.db, oneStepAdmin.email)).toBe(true);
    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const visitor = await watched.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(visitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
      const asCustomer = await watched.inject({
        method,
        url,
        headers: bearer(customer.accessToken),
        payload: method === 'GET' ? undefined : {},
      });
      expect(asCustomer.statusCode, `${method} ${url} as a customer`).toBe(403);
      const asOneStepAdmin = await watched.inject({
        method,
        url,
        headers: bearer(oneStepAdmin.accessToken),
        payload: method === 'GET' ? undefined : {},
      });
      expect(
        asOneStepAdmin.statusCode,
        `${method} ${url} as an admin without a second factor`,
      ).toBe(403);
      expect(asOneStepAdmin.json()).toEqual({
        errors: { '': TWO_STEP_MESSAGES.secondFactorRequired },
      });
    }
  });

  it('lets an admin read the audit log', async () => {
    const app = await ctx.buildApp();
    const admin = await signUpAdmin(app, ctx.database.db);
    const response = await app.inject({
      method: 'GET',
      url: adminApiPaths.audit,
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(AuditListSchema.parse(response.json()).entries).toEqual(expect.any(Array));
  });
});
