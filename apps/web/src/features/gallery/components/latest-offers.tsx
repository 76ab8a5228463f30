import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LATEST_OFFERS_LIMIT, paths } from '@pictura/contract';
import { useLatestOffers } from '../api/get-latest-offers';
import { OfferGrid, OfferGridSkeleton } from './offer-grid';
import { EmptyState, QueryError } from './query-states';
import styles from './latest-offers.module.css';

/** The home page's window onto the gallery: the newest pictures and a link to all of them. */
export function LatestOffers() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useLatestOffers();

  let body;
  if (query.isPending) {
    body = <OfferGridSkeleton count={LATEST_OFFERS_LIMIT} />;
  } else if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <EmptyState title={t('gallery.emptyTitle')} text={t('gallery.emptyText')} />;
  } else {
    // Below the hero, out of view on phones and most laptops: fetched at once, the pictures
    // competed with the page's code and delayed its first paint.
    body = <OfferGrid offers={query.data} labelledBy={headingId} firstViewCards={0} />;
  }

  return (
    <section className={styles.latest} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('gallery.latestTitle')}
        </h2>
        <Link className={styles.all} to={paths.gallery}>
          {t('gallery.seeAll')}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
      {body}
    </section>
  );
}
