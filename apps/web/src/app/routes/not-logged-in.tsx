import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERROR_MESSAGES, paths } from '@pictura/contract';
import { Page, PageLinks } from '../../components/page';
import styles from './not-logged-in.module.css';

/** Where a failed session refresh lands (seed-spec section 4), with the `reason` it was given. */
export default function NotLoggedInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  // The refresh sends the spec's English text; show it in the active language when it is that one.
  const reasonText =
    reason === ERROR_MESSAGES.loggedOut ? t('pages.notLoggedIn.loggedOut') : reason;
  return (
    <Page title={t('pages.notLoggedIn.title')} intro={t('pages.notLoggedIn.intro')}>
      {reasonText ? (
        <p className={styles.reason} role="status">
          {t('pages.notLoggedIn.reason', { reason: reasonText })}
        </p>
      ) : null}
      <PageLinks links={[{ to: paths.login, label: t('pages.notLoggedIn.login') }]} />
    </Page>
  );
}
