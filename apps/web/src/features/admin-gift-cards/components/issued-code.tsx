import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminIssuedGiftCard } from '@pictura/contract';
import styles from '../../../components/admin/admin-area.module.css';

/**
 * A newly issued card's code, the only time it is shown: a copy button, and a note that it will
 * not come back. Held only in this component's state; leaving the page forgets it.
 */
export function IssuedCode({
  card,
  mailAsked,
  onDone,
}: {
  card: AdminIssuedGiftCard;
  /** Whether a recipient address was given: then a missing mail is worth saying. */
  mailAsked: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(card.code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="admin-issued-code">
      <h3 id="admin-issued-code" className={styles.heading}>
        {t('admin.giftCards.issue.codeHeading')}
      </h3>
      <p className={styles.code} data-testid="issued-gift-card-code">
        {card.code}
      </p>
      <p>{t('admin.giftCards.issue.codeNote')}</p>
      {card.mailedTo ? <p>{t('admin.giftCards.issue.mailed', { email: card.mailedTo })}</p> : null}
      {mailAsked && !card.mailedTo ? (
        <p role="alert" className={styles.alert}>
          {t('admin.giftCards.issue.notMailed')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={() => void copyCode()}>
          {t('admin.giftCards.issue.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('admin.giftCards.issue.done')}
        </button>
        <span role="status">
          {copy === 'copied' ? t('admin.giftCards.issue.copied') : null}
          {copy === 'failed' ? t('admin.giftCards.issue.copyFailed') : null}
        </span>
      </div>
    </section>
  );
}
