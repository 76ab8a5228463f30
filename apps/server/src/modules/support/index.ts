// The support module's public face: tickets from the contact form.
export { supportModule } from './module.js';
export {
  supportTicketEvents,
  supportTicketReplies,
  supportTickets,
  type SupportTicket,
} from './schema.js';
export { ticketReplyDelivery } from './reply-delivery.js';
