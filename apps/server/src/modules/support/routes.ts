import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ErrorBodySchema,
  SupportTicketRequestSchema,
  SupportTicketResponseSchema,
} from '@pictura/contract';
import { routeRateLimit } from '../../http/rate-limit.js';
import { emailRateLimit, requestLocale } from '../accounts/index.js';
import type { SupportService } from './service.js';

/**
 * Tickets per client IP per window, and per sender address per 15 minutes
 * (docs/product/care.md#support-tickets). The address limit matters most: every ticket mails a
 * confirmation to the address given, so without it the form could flood someone's inbox from many
 * IPs.
 */
export const SUPPORT_TICKET_IP_MAX = 10;
export const SUPPORT_TICKET_IP_WINDOW = '15 minutes';
export const SUPPORT_TICKET_EMAIL_MAX = 5;

/**
 * Open to everyone; a request with an Authorization header must carry a valid session, and the
 * ticket is then linked to that account. An invalid token is a 401 rather than an anonymous ticket,
 * so the web client refreshes its tokens and the retried ticket is linked as the user expects.
 */
async function optionalUser(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization === undefined) return;
  request.user = await request.server.authenticateUser(request.headers.authorization);
}

export const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (
  app,
  { service },
) => {
  app.post(
    apiPaths.supportCreateTicket,
    {
      config: routeRateLimit(SUPPORT_TICKET_IP_MAX, SUPPORT_TICKET_IP_WINDOW),
      preValidation: optionalUser,
      preHandler: emailRateLimit(app, 'support-ticket', SUPPORT_TICKET_EMAIL_MAX),
      schema: {
        tags: ['support'],
        summary: 'Send a message to customer care; the sender and the support team get a mail',
        body: SupportTicketRequestSchema,
        response: {
          200: SupportTicketResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      service.createTicket(request.body, {
        userId: request.user?.id ?? null,
        locale: requestLocale(request.headers),
      }),
  );
};
