import { z } from 'zod';

// Enumerations spelt exactly as seed-spec section 3.

export const SUPPORT_TICKET_TYPES = [
  'ImageGeneration',
  'PurchasePaymentIssues',
  'TechnicalSupport',
  'CommercialUseInquiries',
  'Other',
] as const;
export const SupportTicketTypeSchema = z.enum(SUPPORT_TICKET_TYPES);
export type SupportTicketType = z.infer<typeof SupportTicketTypeSchema>;

export const STYLES = [
  'None',
  'Anime',
  'Cyberpunk',
  'Dreamscape',
  'Exclusive',
  'Hyperrealism',
  'Vintage',
  'FlatDesign',
  'Futuristic',
  'HandDrawn',
  'ModernGeometric',
  'Nature',
  'PopArt',
  'PopCulture',
  'Typography',
  'UrbanStreetArt',
  'AbstractArt',
] as const;
export const StyleSchema = z.enum(STYLES);
export type Style = z.infer<typeof StyleSchema>;

export const CURRENCIES = ['EUR', 'USD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const ORIENTATIONS = ['Vertical', 'Horizontal', 'Square'] as const;
export const OrientationSchema = z.enum(ORIENTATIONS);
export type Orientation = z.infer<typeof OrientationSchema>;

export const SORTS = ['NewToOld', 'LowToHigh', 'HighToLow'] as const;
export const SortSchema = z.enum(SORTS);
export type Sort = z.infer<typeof SortSchema>;

// Seed-spec section 9: the three locales.
export const LOCALES = ['en', 'es', 'ja'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;
export const DEFAULT_LOCALE: Locale = 'en';
