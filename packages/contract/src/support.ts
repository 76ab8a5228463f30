import { z } from 'zod';
import { EmailSchema, shortText } from './common.js';
import { SupportTicketTypeSchema } from './enums.js';

export const SupportTicketRequestSchema = z.strictObject({
  email: EmailSchema,
  name: shortText(100),
  supportTicketType: SupportTicketTypeSchema,
  description: z.string().trim().min(10).max(5000),
});
export type SupportTicketRequest = z.infer<typeof SupportTicketRequestSchema>;
