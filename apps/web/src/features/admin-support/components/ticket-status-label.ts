import type { TFunction } from 'i18next';
import type { TicketStatus } from '@pictura/contract';

export const ticketStatusLabel = (status: TicketStatus, t: TFunction): string =>
  t(`admin.support.statuses.${status}`);
