import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import type { StrengthEstimate } from '../password-strength/estimator';
import styles from './password-strength.module.css';

// The estimator and its dictionaries are a large chunk, fetched only on the pages that need it.
const loadEstimator = () => import('../password-strength/estimator');

/** Starts fetching the estimator (when the password field gets focus) so the hint is ready sooner. */
export function preloadPasswordStrength(): void {
  // A chunk that fails to load is handled by release detection (a reload).
  loadEstimator().catch(() => undefined);
}

// Estimating on every keystroke would make typing stutter on slow devices.
const DEBOUNCE_MS = 150;

const LEVELS = ['score0', 'score1', 'score2', 'score3', 'score4'] as const;

/** The strength hint under the new password: the server's verdict, before submitting. */
export function PasswordStrength({ password, email }: { password: string; email: string }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [estimate, setEstimate] = useState<StrengthEstimate | null>(null);

  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      loadEstimator()
        .then(({ estimateStrength }) => {
          if (current) setEstimate(estimateStrength(password, email.trim().toLowerCase(), locale));
        })
        // A chunk that fails to load is handled by release detection (a reload); no hint till then.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, locale]);

  const shown = password ? estimate : null;
  return (
    <div className={styles.strength} aria-live="polite">
      {password && !shown ? <p className={styles.text}>{t('auth.strength.checking')}</p> : null}
      {shown ? (
        <>
          <div className={styles.bar} data-score={shown.score} aria-hidden="true">
            {LEVELS.map((level) => (
              <span key={level} className={styles.segment} />
            ))}
          </div>
          <p className={shown.acceptable ? styles.text : `${styles.text} ${styles.weak}`}>
            {t('auth.strength.label', { level: t(`auth.strength.${LEVELS[shown.score]}`) })}
          </p>
          {shown.warning || shown.suggestions.length > 0 ? (
            <ul className={styles.feedback}>
              {[shown.warning, ...shown.suggestions].filter(Boolean).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
