import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@pictura/contract';
import { currentLocale, isLocale } from '../../lib/i18n';
import styles from './select-field.module.css';

/** en/es/ja; the detector stores the choice in the locale cookie when the language changes. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currentLocale(i18n)}
        onChange={(event) => {
          if (isLocale(event.target.value)) void i18n.changeLanguage(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          // Each language is named in itself, so a reader can find theirs whatever is active.
          <option key={locale} value={locale} lang={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
