import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/api/get-profile';
import { ResendLinkButton } from './resend-link-button';
import styles from './email-verification.module.css';

/**
 * On the pages where money moves (deposit, checkout, gift cards, create): while the signed-in
 * user's address is unverified, why those calls are refused and a way to get a new link. Nothing
 * for a visitor, a verified user, or while the profile loads.
 */
export function VerifyEmailNotice() {
  const { t } = useTranslation();
  const id = useId();
  const { data: profile } = useProfile();
  if (profile?.emailVerified !== false) return null;
  return (
    <section className={styles.notice} aria-labelledby={id}>
      <h2 id={id} className={styles.noticeTitle}>
        {t('emailVerification.notice.title')}
      </h2>
      <p className={styles.text}>{t('emailVerification.notice.text', { email: profile.email })}</p>
      <ResendLinkButton email={profile.email} />
    </section>
  );
}
