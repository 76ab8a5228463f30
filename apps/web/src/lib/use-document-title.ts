import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerHead } from './page-head';

/** Sets the tab title to "<page> · Pictura" in the active language; `null` gives the home title. */
export function useDocumentTitle(page: string | null): void {
  const { t } = useTranslation();
  const title = page === null ? t('app.homeDocumentTitle') : t('app.documentTitle', { page });
  useServerHead({ title });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
