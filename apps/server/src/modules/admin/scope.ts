import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ADMIN_API_PREFIX, ErrorBodySchema } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { requireAdminWith } from './guard.js';

interface AdminScopeOptions {
  db: Db;
  /** Registers the area's routes; every route it adds is inside the guard. */
  registerArea: (scope: FastifyInstance) => Promise<void>;
}

/**
 * The back office API, deny by default: under /api/admin, it puts the admin check on every route
 * added inside it, whatever plugin adds it, before validation, so a visitor or customer learns
 * nothing about a route's body. Error answers are documented on each.
 */
const adminScope: FastifyPluginAsync<AdminScopeOptions> = async (scope, { db, registerArea }) => {
  scope.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      tags: ['admin'],
      response: {
        401: ErrorBodySchema,
        403: ErrorBodySchema,
        ...(route.schema?.response as Record<string, unknown> | undefined),
      },
    };
  });
  scope.addHook('preValidation', requireAdminWith(db));
  await registerArea(scope);
};

/**
 * Registers a module's back-office routes (its admin-routes.ts) under /api/admin, inside the admin
 * check: the only way a module adds an admin route, so none can be added outside the check.
 */
export async function registerAdminArea<Options extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Db,
  area: FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(adminScope, {
    prefix: ADMIN_API_PREFIX,
    db,
    registerArea: async (scope) => {
      await scope.register(area, options);
    },
  });
}
