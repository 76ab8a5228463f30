// The support module's public face (issue 7): tickets from the contact form.
export { supportModule, type SupportModuleOptions } from './module.js';
export {
  supportTicketEvents,
  supportTicketReplies,
  supportTickets,
  type SupportTicket,
} from './schema.js';
export { supportAdminRoutes, type SupportAdminOptions } from './admin-routes.js';
export { ticketReplyDelivery } from './reply-delivery.js';
