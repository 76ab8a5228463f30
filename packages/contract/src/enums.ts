// Enumerations spelt exactly as docs/product/api.md#enumerations.

/**
 * Whether a value is one of an enumeration's values, without building a zod schema: the web's first
 * view checks stored and typed-in values with it and so loads no zod at all
 * (docs/decisions/performance/no-zod-in-the-first-views.md).
 */
export function isOneOf<const Values extends readonly string[]>(
  values: Values,
  value: unknown,
): value is Values[number] {
  return typeof value === 'string' && values.includes(value);
}

export const SUPPORT_TICKET_TYPES = [
  'ImageGeneration',
  'PurchasePaymentIssues',
  'TechnicalSupport',
  'CommercialUseInquiries',
  'Other',
] as const;
export type SupportTicketType = (typeof SUPPORT_TICKET_TYPES)[number];

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
export type Style = (typeof STYLES)[number];

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const ORIENTATIONS = ['Vertical', 'Horizontal', 'Square'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const SORTS = ['NewToOld', 'LowToHigh', 'HighToLow'] as const;
export type Sort = (typeof SORTS)[number];

// The three locales (docs/product/screens.md#languages).
export const LOCALES = ['en', 'es', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
