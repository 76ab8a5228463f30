import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from '../accounts.js';
import type { FuzzApp } from './fuzz-app.js';
import { post } from './fuzz-app.js';
import { fillParams, type PostRoute } from './post-routes.js';
import { bodyArbitraries } from './request-bodies.js';

export type JsonRoute = PostRoute & { readonly body: NonNullable<PostRoute['body']> };

/** Sends JSON to the app's routes as a signed-in user, or as an admin under /api/admin. */
export function jsonRouteClient(fuzz: FuzzApp, users: { user: TestUser; admin: TestUser }) {
  return {
    route(pattern: string): JsonRoute {
      const found = fuzz.routes.find((candidate) => candidate.pattern === pattern);
      if (!found?.body) throw new Error(`${pattern} is not a JSON POST route of the app`);
      return { ...found, body: found.body };
    },

    /** Path parameters the route's schema accepts. */
    params(route: PostRoute): fc.Arbitrary<Record<string, unknown>> {
      if (!route.params) return fc.constant({});
      // '.' and '..' are path segments: the URL would name another route.
      const isSegment = (value: unknown) => value === '.' || value === '..';
      return (bodyArbitraries(route.params).valid as fc.Arbitrary<Record<string, unknown>>).filter(
        (params) => !Object.values(params).some(isSegment),
      );
    },

    send(
      route: PostRoute,
      params: Record<string, unknown>,
      payload: string,
    ): Promise<LightMyRequestResponse> {
      return post(fuzz.app, {
        url: fillParams(route.pattern, params),
        token: (route.admin ? users.admin : users.user).accessToken,
        payload,
        contentType: 'application/json',
      });
    },
  };
}
