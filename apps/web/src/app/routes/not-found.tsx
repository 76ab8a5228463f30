import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorView } from '../errors/error-view';

/** Any unknown address: 'Page Not Found: {path}' (docs/product/screens.md#error-pages). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorView status={404} message={t('errors.pageNotFoundPath', { path: pathname })} />;
}
