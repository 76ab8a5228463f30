import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/form/form.module.css';
import styles from './two-step.module.css';

/**
 * The recovery codes, shown this once: the server keeps only their hashes. `renewed` when they
 * replace earlier codes rather than come with turning the step on.
 */
export function RecoveryCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: readonly string[];
  renewed: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={formStyles.field}>
      <h3 ref={headingRef} tabIndex={-1} className={formStyles.heading}>
        {t('twoStep.recovery.title')}
      </h3>
      <p role="status">
        {renewed ? t('twoStep.recovery.renewed') : t('twoStep.recovery.turnedOn')}
      </p>
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
