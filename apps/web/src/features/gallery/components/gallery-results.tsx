import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchOffers } from '../api/search-offers';
import type { OfferSearch } from '../filters';
import { OfferGrid, OfferGridSkeleton } from './offer-grid';
import { EmptyState, QueryError } from './query-states';
import styles from './gallery-results.module.css';

interface GalleryResultsProps {
  search: OfferSearch;
  /** The page the results start at (`?page=`). */
  firstPage: number;
  /** The address of the results from `page` on, with the same filters. */
  pageHref: (page: number) => string;
  /** Offered in the empty state when filters narrow the results. */
  onClearFilters: (() => void) | null;
}

/**
 * The results of one search: skeletons first, then the grid with a politely announced count and
 * a "Load more" button; an empty state and an error state with retry.
 */
export function GalleryResults({
  search,
  firstPage,
  pageHref,
  onClearFilters,
}: GalleryResultsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const progressId = useId();
  const query = useSearchOffers(search, firstPage);
  // "Load more" moves focus to the first new card, so keyboard users carry on from there.
  const [firstNewIndex, setFirstNewIndex] = useState<number | null>(null);
  const focusOnMount = useCallback((node: HTMLAnchorElement | null) => node?.focus(), []);

  if (query.isPending) return <OfferGridSkeleton />;
  if (query.isError && !query.data) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const offers = query.data.pages.flatMap((page) => page.items);
  const last = query.data.pages.at(-1);
  const total = last?.total ?? 0;
  const shownBefore = (firstPage - 1) * search.PageSize;
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
      {offers.length === 0 && firstPage > 1 ? (
        // An old paging link: the results end before this page (the server answers it with 404).
        <EmptyState
          title={t('gallery.pastLastTitle')}
          text={t('gallery.pastLastText')}
          action={
            <Link className="button button--primary" to={pageHref(1)}>
              {t('gallery.fromStart')}
            </Link>
          }
        />
      ) : offers.length === 0 ? (
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
            {t('gallery.showing', { shown: shownBefore + offers.length, total })}
          </p>
          {firstPage > 1 ? (
            <Link className="button button--secondary button--large" to={pageHref(1)}>
              {t('gallery.fromStart')}
            </Link>
          ) : null}
          {query.hasNextPage && last && !stale ? (
            // A link to the next page, which the app loads in place (see filters.ts, PAGE_PARAM).
            <Link
              className="button button--secondary button--large"
              to={pageHref(last.page + 1)}
              aria-describedby={progressId}
              aria-disabled={query.isFetchingNextPage}
              onClick={(event) => {
                event.preventDefault();
                loadMore();
              }}
            >
              {query.isFetchingNextPage ? t('gallery.loadingMore') : t('gallery.loadMore')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
