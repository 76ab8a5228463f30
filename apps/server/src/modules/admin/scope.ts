import type { FastifyPluginAsync } from 'fastify';
import { ErrorBodySchema } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { requireAdminWith } from './guard.js';

export interface AdminScopeOptions {
  db: Db;
  /** Registers the admin areas' plugins; every route they add is inside the guard. */
  registerAreas: (scope: Parameters<FastifyPluginAsync>[0]) => Promise<void>;
}

/**
 * The back office API (issue 8), deny by default: registered with the prefix /api/admin, it puts
 * the admin check on every route added inside it, whatever plugin adds it, before validation, so
 * a visitor or customer learns nothing about a route's body. Error answers are documented on each.
 */
export const adminScope: FastifyPluginAsync<AdminScopeOptions> = async (
  scope,
  { db, registerAreas },
) => {
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
  await registerAreas(scope);
};
