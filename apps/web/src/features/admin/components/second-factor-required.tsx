import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../../components/page';

/**
 * What an admin without a second factor sees instead of the back office (whose calls answer 403
 * until then): the way to set one up in the account settings.
 */
export function SecondFactorRequired() {
  const { t } = useTranslation();
  return (
    <Page title={t('twoStep.admin.title')} intro={t('twoStep.admin.intro')}>
      <p>
        <Link className="button button--primary" to={`${paths.accountSettings}#two-step`}>
          {t('twoStep.admin.link')}
        </Link>
      </p>
    </Page>
  );
}
