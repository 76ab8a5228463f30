import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../errors/error-view';

/** Status 404 is "not found"; anything else, or nothing, is a server error (status 500). */
function errorStatusFrom(value: unknown): number {
  const status = Number(value);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

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
