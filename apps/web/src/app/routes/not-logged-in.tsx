import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ERROR_MESSAGES, paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import styles from './not-logged-in.module.css';

/**
 * The reasons the app itself sends here, each with its text. Anything else in `?reason=` is shown as
 * nothing: the address is anyone's to write, and the page must not put a stranger's words (a phone
 * number to call, say) on the shop's own origin.
 */
const KNOWN_REASONS = { [ERROR_MESSAGES.loggedOut]: 'pages.notLoggedIn.loggedOut' } as const;

const isKnownReason = (reason: string | null): reason is keyof typeof KNOWN_REASONS =>
  reason !== null && Object.hasOwn(KNOWN_REASONS, reason);

/** Where a failed session refresh lands, with the `reason` it was given. */
export default function NotLoggedInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  // The refresh sends the spec's English text; it is shown in the active language.
  const reasonText = isKnownReason(reason) ? t(KNOWN_REASONS[reason]) : null;
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
