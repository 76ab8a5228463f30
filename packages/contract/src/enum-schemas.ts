import { z } from 'zod';
import { CURRENCIES, LOCALES, ORIENTATIONS, SORTS, STYLES, SUPPORT_TICKET_TYPES } from './enums.js';

// zod schemas of the enumerations in enums.ts, which stays free of zod (see isOneOf there).

export const SupportTicketTypeSchema = z.enum(SUPPORT_TICKET_TYPES);
export const StyleSchema = z.enum(STYLES);
export const CurrencySchema = z.enum(CURRENCIES);
export const OrientationSchema = z.enum(ORIENTATIONS);
export const SortSchema = z.enum(SORTS);
export const LocaleSchema = z.enum(LOCALES);
