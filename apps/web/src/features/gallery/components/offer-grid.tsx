import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferSummary } from '@pictura/contract';
import { useServerHead } from '../../../lib/page-head';
import { shareImageOf } from '../preview-sources';
import { OfferCard } from './offer-card';
import styles from './offer-grid.module.css';

/** The gallery's first row (four cards on wide screens) is above the fold and loads at once. */
const FIRST_VIEW_CARDS = 4;

interface OfferGridProps {
  offers: readonly OfferSummary[];
  /** Index of the card whose link receives `focusRef` (the first one "Load more" added). */
  focusIndex?: number;
  focusRef?: Ref<HTMLAnchorElement>;
  /** Results of the previous filters while the new ones load. */
  stale?: boolean;
  labelledBy?: string;
  /** How many cards from the start load at once; the others load lazily. */
  firstViewCards?: number;
}

export function OfferGrid({
  offers,
  focusIndex,
  focusRef,
  stale = false,
  labelledBy,
  firstViewCards = FIRST_VIEW_CARDS,
}: OfferGridProps) {
  // A page showing pictures is previewed (og:image) by its first one.
  const first = offers[0];
  useServerHead(first ? { image: shareImageOf(first.image) } : {});
  return (
    <ul
      className={`${styles.grid} ${stale ? styles.stale : ''}`}
      aria-labelledby={labelledBy}
      aria-busy={stale}
    >
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <OfferCard
            offer={offer}
            firstView={index < firstViewCards}
            ref={index === focusIndex ? focusRef : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while the first results load; one status message for screen readers. */
export function OfferGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="visually-hidden">{t('gallery.loading')}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={`${styles.card} ${styles.skeleton}`}>
            <span className={styles.skeletonImage} />
            <span className={styles.cardBody}>
              <span className={styles.skeletonLine} />
              <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
