import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView, errorStatusFrom } from '../errors/error-view';

/** `/error?status=404` shows 'Page Not Found'; any other status, or none, 'Internal Server Error'. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const status = errorStatusFrom(searchParams.get('status'));
  return (
    <ErrorView
      status={status}
      message={status === 404 ? t('errors.pageNotFound') : t('errors.internalServerError')}
    />
  );
}
