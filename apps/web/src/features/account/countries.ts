import { ISO_COUNTRY_CODES, type Locale } from '@pictura/contract';
import type { SelectOption } from '../../components/form/select-field';

/** Every country with its name in `locale`, sorted as that language sorts. */
export function countryOptions(locale: Locale): SelectOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}
