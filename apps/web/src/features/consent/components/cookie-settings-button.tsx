import { useTranslation } from 'react-i18next';
import { useUntilReady } from '../../../lib/app-ready';
import { openCookieSettings } from '../cookie-settings';
import styles from './cookie-settings-button.module.css';

/** "Cookie settings" in the footer: opens the banner again to change the choice. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.button}
      {...useUntilReady(t('consent.settingsLink'))}
      onClick={(event) => openCookieSettings(event.currentTarget)}
    >
      {t('consent.settingsLink')}
    </button>
  );
}
