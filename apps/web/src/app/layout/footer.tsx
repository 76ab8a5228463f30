import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { CookieSettingsButton } from '../../features/consent/components/cookie-settings-button';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>{t('app.name')}</p>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('nav.footer')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.contact}>{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy}>{t('nav.privacyPolicy')}</Link>
            </li>
            <li>
              <Link to={paths.termsAndConditions}>{t('nav.terms')}</Link>
            </li>
            <li>
              <CookieSettingsButton />
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
