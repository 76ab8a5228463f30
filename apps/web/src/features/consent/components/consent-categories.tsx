import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_CATEGORIES, type CookieCategory } from '../../../lib/cookie-consent';
import styles from './consent-banner.module.css';

interface ConsentCategoriesProps {
  /** The optional categories ticked at the moment. */
  chosen: readonly CookieCategory[];
  onToggle: (category: CookieCategory, on: boolean) => void;
}

/** One checkbox per category with what it is for; the necessary one is always on. */
export function ConsentCategories({ chosen, onToggle }: ConsentCategoriesProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={styles.categories}>
      <legend className={styles.legend}>{t('consent.categoriesLegend')}</legend>
      {COOKIE_CATEGORIES.map((category) => {
        const necessary = category === 'necessary';
        const inputId = `${id}-${category}`;
        return (
          <div key={category} className={styles.category}>
            <input
              id={inputId}
              type="checkbox"
              checked={necessary || chosen.includes(category)}
              disabled={necessary}
              aria-describedby={`${inputId}-description`}
              onChange={(event) => onToggle(category, event.target.checked)}
            />
            <div>
              <label htmlFor={inputId} className={styles.categoryName}>
                {t(`consent.categories.${category}.name`)}
                {necessary ? ` (${t('consent.alwaysOn')})` : null}
              </label>
              <p id={`${inputId}-description`} className={styles.categoryText}>
                {t(`consent.categories.${category}.description`)}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
