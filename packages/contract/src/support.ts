import { z } from 'zod';
import { EmailSchema, shortText } from './common.js';
import { SupportTicketTypeSchema } from './enum-schemas.js';

/** Length limits of a ticket's fields, shared by the form hints and the server. */
export const SUPPORT_TICKET_LIMITS = {
  nameMax: 100,
  descriptionMin: 10,
  descriptionMax: 5000,
  referenceMax: 64,
} as const;

export const SupportTicketRequestSchema = z.strictObject({
  email: EmailSchema,
  name: shortText(SUPPORT_TICKET_LIMITS.nameMax),
  supportTicketType: SupportTicketTypeSchema,
  description: z
    .string()
    .trim()
    .min(SUPPORT_TICKET_LIMITS.descriptionMin)
    .max(SUPPORT_TICKET_LIMITS.descriptionMax),
  // Not in the spec: an order number or image id the message is about, free text until
  // orders and generated images can be picked from a list. Empty means none.
  reference: z.string().trim().max(SUPPORT_TICKET_LIMITS.referenceMax).optional(),
});
export type SupportTicketRequest = z.infer<typeof SupportTicketRequestSchema>;

/** Ticket numbers: two groups of four characters without look-alikes (0/O, 1/I/L), e.g. `K7QM-2WXP`. */
export const SUPPORT_TICKET_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SUPPORT_TICKET_NUMBER_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** The answer to POST /api/support/create-ticket: the number the sender quotes in later messages. */
export const SupportTicketResponseSchema = z.object({
  ticketNumber: z.string().regex(SUPPORT_TICKET_NUMBER_PATTERN),
});
export type SupportTicketResponse = z.infer<typeof SupportTicketResponseSchema>;
