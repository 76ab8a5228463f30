// The support module's public face (issue 7): tickets from the contact form.
export { supportModule, type SupportModuleOptions } from './module.js';
export { supportTickets, type SupportTicket } from './schema.js';
