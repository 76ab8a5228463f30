import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import styles from './contact-form.module.css';

interface TicketSentProps {
  ticketNumber: string;
  email: string;
  onAnother: () => void;
}

/** The success state: the ticket number to quote, and a way to write again. */
export function TicketSent({ ticketNumber, email, onAnother }: TicketSentProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form the user was in is gone: reading continues with the result.
    headingRef.current?.focus();
  }, []);

  return (
    <div className={styles.sent}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.sentTitle}>
        {t('support.sent.title')}
      </h2>
      <p>
        <Trans
          i18nKey="support.sent.ticketNumber"
          values={{ ticketNumber }}
          components={{ number: <strong className={styles.ticketNumber} /> }}
        />
      </p>
      <p>{t('support.sent.confirmation', { email })}</p>
      <p>{t('support.sent.quote')}</p>
      <div>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t('support.sent.another')}
        </button>
      </div>
    </div>
  );
}
