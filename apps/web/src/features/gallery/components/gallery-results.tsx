import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOffers } from '../api/search-offers';
import type { OfferSearch } from '../filters';
import { OfferGrid, OfferGridSkeleton } from './offer-grid';
import { EmptyState, QueryError } from './query-states';
import styles from './gallery-results.module.css';

interface GalleryResultsProps {
  search: OfferSearch;
  /** Offered in the empty state when filters narrow the results. */
  onClearFilters: (() => void) | null;
}

/**
 * The results of one search: skeletons first, then the grid with a politely announced count and
 * a "Load more" button; an empty state and an error state with retry.
 */
export function GalleryResults({ search, onClearFilters }: GalleryResultsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const progressId = useId();
  const query = useSearchOffers(search);
  // "Load more" moves focus to the first new card, so keyboard users carry on from there.
  const [firstNewIndex, setFirstNewIndex] = useState<number | null>(null);
  const focusOnMount = useCallback((node: HTMLAnchorElement | null) => node?.focus(), []);

  if (query.isPending) return <OfferGridSkeleton />;
  if (query.isError && !query.data) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const offers = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages.at(-1)?.total ?? 0;
  const stale = query.isPlaceholderData;

  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    setFirstNewIndex(offers.length);
    void query.fetchNextPage();
  };

  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <div className={styles.summary}>
        <h2 id={headingId} className="visually-hidden">
          {t('gallery.resultsHeading')}
        </h2>
        <p className={styles.count} role="status">
          {t('gallery.resultCount', { count: total })}
        </p>
      </div>
      {offers.length === 0 ? (
        <EmptyState
          title={t('gallery.emptyTitle')}
          text={t(onClearFilters ? 'gallery.emptyFiltered' : 'gallery.emptyText')}
          action={
            onClearFilters ? (
              <button type="button" className="button button--primary" onClick={onClearFilters}>
                {t('gallery.filters.clear')}
              </button>
            ) : null
          }
        />
      ) : (
        <OfferGrid
          offers={offers}
          stale={stale}
          labelledBy={headingId}
          focusIndex={firstNewIndex ?? undefined}
          focusRef={focusOnMount}
        />
      )}
      {query.isFetchNextPageError ? <QueryError error={query.error} onRetry={loadMore} /> : null}
      {offers.length > 0 ? (
        <div className={styles.more}>
          <p id={progressId} className={styles.progress}>
            {t('gallery.showing', { shown: offers.length, total })}
          </p>
          {query.hasNextPage && !stale ? (
            <button
              type="button"
              className="button button--secondary button--large"
              aria-describedby={progressId}
              aria-disabled={query.isFetchingNextPage}
              onClick={loadMore}
            >
              {query.isFetchingNextPage ? t('gallery.loadingMore') : t('gallery.loadMore')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
