import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunction } from 'react-router';
import type { Locale } from '@pictura/contract';
import { currentLocale, pageLocale } from '../../lib/i18n';
import { prefetched } from '../../lib/route-prefetch';
import type { LegalDocumentKind, LegalTexts } from './content/types';

/**
 * The texts are long and read by few visitors, so each language is its own chunk, fetched when a
 * legal page opens in that language (not part of the locale files every page loads).
 */
const loaders: Record<Locale, () => Promise<{ default: LegalTexts }>> = {
  en: () => import('./content/en'),
  es: () => import('./content/es'),
  ja: () => import('./content/ja'),
};

const legalTextsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['legal-texts', locale],
    queryFn: async () => (await loaders[locale]()).default,
    staleTime: Infinity,
  });

/** The legal pages' route loader: the texts in the page's language (the server renders them). */
export const prefetchLegalTexts =
  (queryClient: QueryClient): LoaderFunction =>
  () =>
    prefetched(queryClient.prefetchQuery(legalTextsQueryOptions(pageLocale())));

/** One legal document in the active language; switching the language loads that one. */
export function useLegalDocument(kind: LegalDocumentKind) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const query = useQuery(legalTextsQueryOptions(locale));
  return { ...query, document: query.data?.[kind], locale };
}
