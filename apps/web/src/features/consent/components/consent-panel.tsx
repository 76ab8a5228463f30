import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { OPTIONAL_COOKIE_CATEGORIES, type CookieCategory } from '../../../lib/cookie-consent';
import { ConsentCategories } from './consent-categories';
import styles from './consent-banner.module.css';

interface ConsentPanelProps {
  /** Opened again from the footer: categories shown with the current choice, focus moved here. */
  reopened: boolean;
  initialChosen: readonly CookieCategory[];
  onDecide: (granted: readonly CookieCategory[]) => void;
}

/** The banner's content: what is kept and why, and the three ways to answer. */
export function ConsentPanel({ reopened, initialChosen, onDecide }: ConsentPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const categoriesRef = useRef<HTMLDivElement>(null);
  const [choosing, setChoosing] = useState(reopened);
  const [chosen, setChosen] = useState(initialChosen);

  useEffect(() => {
    if (!reopened) return;
    // The footer is far below: bring the banner into view and start reading there.
    // Optional call: jsdom (component tests) has no scrolling.
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [reopened]);

  useEffect(() => {
    // "Choose" disappears when pressed: the focus moves on to the first box it revealed.
    if (choosing && !reopened) {
      categoriesRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    }
  }, [choosing, reopened]);

  const toggle = (category: CookieCategory, on: boolean) =>
    setChosen((current) => (on ? [...current, category] : current.filter((c) => c !== category)));

  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('consent.title')}
        </h2>
        <p className={styles.text}>
          <Trans
            i18nKey="consent.intro"
            components={{ privacy: <Link to={paths.privacyPolicy} /> }}
          />
        </p>
        {choosing ? (
          <div ref={categoriesRef}>
            <ConsentCategories chosen={chosen} onToggle={toggle} />
          </div>
        ) : null}
        <div className={styles.actions}>
          {choosing ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onDecide(chosen)}
            >
              {t('consent.save')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            onClick={() => onDecide(OPTIONAL_COOKIE_CATEGORIES)}
          >
            {t('consent.acceptAll')}
          </button>
          <button type="button" className="button button--primary" onClick={() => onDecide([])}>
            {t('consent.rejectAll')}
          </button>
          {choosing ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setChoosing(true)}
            >
              {t('consent.choose')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
