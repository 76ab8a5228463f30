import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The height the open banner covers at the bottom, which the page leaves free below its end. */
const BAR_HEIGHT_PROPERTY = '--consent-bar-height';

/**
 * The text with its `<privacy>…</privacy>` part as the link to the privacy policy. Split here rather
 * than by react-i18next's `Trans`, whose HTML parser the first view would otherwise load for this one
 * sentence; the translators keep the whole sentence.
 */
function withPrivacyLink(text: string) {
  const [before, link, after] = text.split(/<\/?privacy>/);
  return (
    <>
      {before}
      <Link to={paths.privacyPolicy}>{link}</Link>
      {after}
    </>
  );
}

/**
 * The banner: a compact bar fixed at the bottom (a sentence, a link to the details and the three
 * ways to answer), which grows to show the categories when the visitor chooses or reopens it.
 */
export function ConsentPanel({ reopened, initialChosen, onDecide }: ConsentPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const categoriesRef = useRef<HTMLDivElement>(null);
  const [choosing, setChoosing] = useState(reopened);
  const [chosen, setChosen] = useState(initialChosen);

  useEffect(() => {
    if (!reopened) return;
    // Opened from the footer: reading starts at the bar, which is always in view.
    headingRef.current?.focus({ preventScroll: true });
  }, [reopened]);

  useEffect(() => {
    // "Choose" disappears when pressed: the focus moves on to the first box it revealed.
    if (choosing && !reopened) {
      categoriesRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    }
  }, [choosing, reopened]);

  // The page keeps the bar's height free at its end, so the bar never covers the page's last
  // controls; measured before paint and whenever the bar changes size (language, Choose).
  const sectionRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const root = document.documentElement.style;
    const keep = () => root.setProperty(BAR_HEIGHT_PROPERTY, `${section.offsetHeight}px`);
    keep();
    // Optional: jsdom (component tests) has no ResizeObserver.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keep);
    observer?.observe(section);
    return () => {
      observer?.disconnect();
      root.removeProperty(BAR_HEIGHT_PROPERTY);
    };
  }, []);

  const toggle = (category: CookieCategory, on: boolean) =>
    setChosen((current) => (on ? [...current, category] : current.filter((c) => c !== category)));

  return (
    <section
      ref={sectionRef}
      className={`${styles.banner} ${choosing ? styles.expanded : ''}`}
      aria-labelledby={headingId}
    >
      <div className={styles.inner}>
        <div className={styles.message}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
            {t('consent.title')}
          </h2>{' '}
          <p className={styles.text}>
            {withPrivacyLink(t(choosing ? 'consent.intro' : 'consent.brief'))}
          </p>
        </div>
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
