import {
  ADMIN_CATALOG_LIMITS,
  CURRENCIES,
  OFFER_ATTRIBUTE_KINDS,
  OfferFieldsSchema,
  formatMinorUnits,
  parseMinorUnits,
  type AdminOffer,
  type Currency,
  type DigitalSourceType,
  type OfferAttributeKind,
  type OfferFields,
  type OfferImageSource,
  type Style,
  type VariantWrite,
} from '@pictura/contract';

/** The offer editor's inputs as typed: prices are text in major units until they are read. */
export interface OfferFormValues {
  title: string;
  description: string;
  urlName: string;
  categoryId: string;
  style: Style;
  /** Comma-separated. */
  tags: string;
  digitalSourceType: DigitalSourceType;
  variants: Record<OfferAttributeKind, { enabled: boolean } & Record<Currency, string>>;
}

/** Keys under admin.catalog.errors; field names as the server names them where they match. */
export type EditorErrorCode =
  | 'required'
  | 'tooLong'
  | 'urlName'
  | 'category'
  | 'price'
  | 'priceRange'
  | 'noVariant'
  | 'noPicture';

export type EditorErrors = Partial<Record<string, EditorErrorCode>>;

export const emptyOfferForm = (): OfferFormValues => ({
  title: '',
  description: '',
  urlName: '',
  categoryId: '',
  style: 'None',
  tags: '',
  digitalSourceType: 'trainedAlgorithmicMedia',
  variants: {
    standard: { enabled: true, EUR: '', USD: '' },
    full: { enabled: false, EUR: '', USD: '' },
  },
});

export function offerFormOf(offer: AdminOffer): OfferFormValues {
  const values = emptyOfferForm();
  values.variants.standard.enabled = false;
  for (const variant of offer.variants) {
    values.variants[variant.kind] = {
      enabled: true,
      EUR: formatMinorUnits(variant.prices.EUR, 'EUR'),
      USD: formatMinorUnits(variant.prices.USD, 'USD'),
    };
  }
  return {
    ...values,
    title: offer.title,
    description: offer.description,
    urlName: offer.urlName,
    categoryId: String(offer.categoryId),
    style: offer.style,
    tags: offer.tags.join(', '),
    digitalSourceType: offer.digitalSourceType,
  };
}

/** A url name suggested from a title: "Red Fox at Dawn" gives "red-fox-at-dawn". */
export const urlNameFrom = (title: string): string =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ADMIN_CATALOG_LIMITS.urlNameMax)
    .replace(/-+$/, '');

export const priceKey = (kind: OfferAttributeKind, currency: Currency): string =>
  `variants.${kind}.${currency}`;

export type EditorResult =
  { ok: true; fields: OfferFields; variants: VariantWrite[] } | { ok: false; errors: EditorErrors };

/**
 * Reads the form with the contract's schema (the server validates the same) and the prices with
 * parseMinorUnits, so no amount ever passes through floating point.
 */
export function readOfferForm(
  values: OfferFormValues,
  picture: OfferImageSource | null | 'kept',
): EditorResult {
  const errors: EditorErrors = {};
  if (picture === null) errors.source = 'noPicture';
  const parsed = OfferFieldsSchema.safeParse({
    title: values.title,
    description: values.description,
    urlName: values.urlName,
    categoryId: values.categoryId === '' ? 0 : Number(values.categoryId),
    style: values.style,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    digitalSourceType: values.digitalSourceType,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors[field]) continue;
      errors[field] =
        field === 'categoryId'
          ? 'category'
          : field === 'urlName' && issue.code === 'invalid_format'
            ? 'urlName'
            : issue.code === 'too_big'
              ? 'tooLong'
              : 'required';
    }
  }
  const variants: VariantWrite[] = [];
  for (const kind of OFFER_ATTRIBUTE_KINDS) {
    const variant = values.variants[kind];
    if (!variant.enabled) continue;
    const prices: Partial<Record<Currency, number>> = {};
    for (const currency of CURRENCIES) {
      const amount = parseMinorUnits(variant[currency], currency);
      if (amount === null) errors[priceKey(kind, currency)] = 'price';
      else if (amount < ADMIN_CATALOG_LIMITS.priceMin || amount > ADMIN_CATALOG_LIMITS.priceMax) {
        errors[priceKey(kind, currency)] = 'priceRange';
      } else prices[currency] = amount;
    }
    if (prices.EUR !== undefined && prices.USD !== undefined) {
      variants.push({ kind, prices: { EUR: prices.EUR, USD: prices.USD } });
    }
  }
  if (!OFFER_ATTRIBUTE_KINDS.some((kind) => values.variants[kind].enabled)) {
    errors.variants = 'noVariant';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, fields: parsed.data, variants };
}

/** Server field keys (`variants.0.prices.EUR`) as the editor's (`variants.standard.EUR`). */
export function editorKeyOf(serverKey: string, sent: readonly VariantWrite[]): string {
  const match = /^variants\.(\d+)\.prices\.(EUR|USD)$/.exec(serverKey);
  const kind = match ? sent[Number(match[1])]?.kind : undefined;
  return match && kind ? priceKey(kind, match[2] as Currency) : serverKey;
}
