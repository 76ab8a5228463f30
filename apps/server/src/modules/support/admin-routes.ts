import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoutePaths,
  AdminTicketDetailSchema,
  AdminTicketListSchema,
  AdminTicketParamsSchema,
  AdminTicketQuerySchema,
  AdminTicketReplyRequestSchema,
  AdminTicketStatusRequestSchema,
  ErrorBodySchema,
} from '@pictura/contract';
import { adminOf } from '../admin/index.js';
import { createSupportAdmin, type SupportAdminDeps } from './admin-actions.js';
import { listTickets, ticketDetail } from './admin-queries.js';

export type SupportAdminOptions = SupportAdminDeps;

/** The back office's customer care, registered inside the admin scope. */
export const supportAdminRoutes: FastifyPluginAsyncZod<SupportAdminOptions> = async (app, deps) => {
  const actions = createSupportAdmin(deps);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    adminRoutePaths.supportTickets,
    {
      schema: {
        summary: 'Support tickets, newest first, by status or searched by number or email',
        querystring: AdminTicketQuerySchema,
        response: { 200: AdminTicketListSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listTickets(deps.db, request.query);
    },
  );

  app.get(
    adminRoutePaths.supportTicket,
    {
      schema: {
        summary: 'One ticket with its conversation and status changes',
        params: AdminTicketParamsSchema,
        response: { 200: AdminTicketDetailSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ticketDetail(deps.db, request.params.ticketNumber);
    },
  );

  app.post(
    adminRoutePaths.supportTicketReplies,
    {
      schema: {
        summary: 'Answer a ticket by mail to its sender; the ticket becomes answered',
        params: AdminTicketParamsSchema,
        body: AdminTicketReplyRequestSchema,
        response: { 200: AdminTicketDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      actions.reply(adminOf(request).id, request.params.ticketNumber, request.body.message),
  );

  app.post(
    adminRoutePaths.supportTicketStatus,
    {
      schema: {
        summary: 'Set a ticket open, answered or closed; the change is recorded',
        params: AdminTicketParamsSchema,
        body: AdminTicketStatusRequestSchema,
        response: { 200: AdminTicketDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      actions.changeStatus(adminOf(request).id, request.params.ticketNumber, request.body.status),
  );
};
