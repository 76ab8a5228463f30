import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-pictura-page-render';

/**
 * The API calls a server render makes to its own process (page-render.ts): they carry a header
 * whose value is secret to this process, so that they are told apart from a visitor's (the rate
 * limit counts the visitor's page view, not the calls the server makes to draw it).
 */
export interface InternalRequests {
  headers: Readonly<Record<string, string>>;
  isInternal(request: Pick<FastifyRequest, 'headers'>): boolean;
}

export function createInternalRequests(): InternalRequests {
  const token = randomBytes(24).toString('base64url');
  const expected = Buffer.from(token);
  return {
    headers: { [HEADER]: token },
    isInternal(request) {
      const sent = request.headers[HEADER];
      if (typeof sent !== 'string' || sent.length !== token.length) return false;
      return timingSafeEqual(Buffer.from(sent), expected);
    },
  };
}
