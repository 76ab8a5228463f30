import { z } from 'zod';
import { ADMIN_API_PREFIX } from './admin-paths.js';
import { LocaleSchema, SupportTicketTypeSchema } from './enum-schemas.js';

// The back office's customer care: tickets from the contact form, answered by mail.

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

export const ADMIN_TICKET_PAGE_SIZE = 25;
export const ADMIN_TICKET_REPLY_MAX = 5000;

/** GET /api/admin/support/tickets?Status=open&Search=K7QM-2WXP&Page=2: newest first. */
export const AdminTicketQuerySchema = z.object({
  Status: TicketStatusSchema.optional(),
  // A ticket number (any case) or a part of the sender's address.
  Search: z.string().trim().max(254).optional(),
  Page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminTicketQuery = z.infer<typeof AdminTicketQuerySchema>;

export const AdminTicketSummarySchema = z.object({
  ticketNumber: z.string(),
  status: TicketStatusSchema,
  email: z.string(),
  name: z.string(),
  supportTicketType: SupportTicketTypeSchema,
  locale: LocaleSchema,
  createdAt: z.string(),
});
export type AdminTicketSummary = z.infer<typeof AdminTicketSummarySchema>;

export const AdminTicketListSchema = z.object({
  tickets: z.array(AdminTicketSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().positive(),
});
export type AdminTicketList = z.infer<typeof AdminTicketListSchema>;

/** An answer sent from the back office; `sentAt` is null when the mail server did not take it. */
export const AdminTicketReplySchema = z.object({
  id: z.number().int().positive(),
  authorEmail: z.string(),
  message: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminTicketReply = z.infer<typeof AdminTicketReplySchema>;

/** A status change: who made it, from what to what, when. */
export const AdminTicketEventSchema = z.object({
  id: z.number().int().positive(),
  actorEmail: z.string(),
  from: TicketStatusSchema,
  to: TicketStatusSchema,
  createdAt: z.string(),
});
export type AdminTicketEvent = z.infer<typeof AdminTicketEventSchema>;

export const AdminTicketDetailSchema = AdminTicketSummarySchema.extend({
  description: z.string(),
  reference: z.string().nullable(),
  /** True when a signed-in customer sent it. */
  linkedToAccount: z.boolean(),
  replies: z.array(AdminTicketReplySchema),
  events: z.array(AdminTicketEventSchema),
});
export type AdminTicketDetail = z.infer<typeof AdminTicketDetailSchema>;

export const AdminTicketReplyRequestSchema = z.strictObject({
  message: z.string().trim().min(1).max(ADMIN_TICKET_REPLY_MAX),
});
export type AdminTicketReplyRequest = z.infer<typeof AdminTicketReplyRequestSchema>;

export const AdminTicketStatusRequestSchema = z.strictObject({ status: TicketStatusSchema });
export type AdminTicketStatusRequest = z.infer<typeof AdminTicketStatusRequestSchema>;

export const AdminTicketParamsSchema = z.object({
  ticketNumber: z.string().trim().toUpperCase().max(16),
});

const ticketPath = (ticketNumber: string) =>
  `${ADMIN_API_PREFIX}/support/tickets/${encodeURIComponent(ticketNumber)}`;

/** Full paths of one ticket, for callers. */
export const adminTicketPaths = {
  detail: ticketPath,
  replies: (ticketNumber: string) => `${ticketPath(ticketNumber)}/replies`,
  status: (ticketNumber: string) => `${ticketPath(ticketNumber)}/status`,
};
