import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/form/form.module.css';
import styles from './two-step.module.css';

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={formStyles.field}>
      <h3 ref={headingRef} tabIndex={-1} className={formStyles.heading}>
        {t('twoStep.recovery.title')}
      </h3>
      <p role="status">{t('twoStep.recovery.turnedOn')}</p>
      <p>{t('twoStep.recovery.text')}</p>
      <ul className={styles.codes} aria-label={t('twoStep.recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('twoStep.recovery.done')}
        </button>
      </div>
    </div>
  );
}
