import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Category } from '@pictura/contract';
import { useCurrency } from '../../../lib/currency';
import {
  DEFAULT_FILTERS,
  narrowsResults,
  offerSearchFor,
  PAGE_PARAM,
  readFilters,
  readFirstPage,
  writeFilters,
  type GalleryFilters,
} from '../filters';
import { CategoryNav } from './category-nav';
import { FilterBar } from './filter-bar';
import { GalleryResults } from './gallery-results';
import styles from './gallery-browser.module.css';

interface GalleryBrowserProps {
  categories: readonly Category[];
  /** The open category's url name, or null for every category. */
  category: string | null;
}

/**
 * Category links, the filter bar and the results. The filters are read from and written to the
 * address, so the back button, a reload and a shared link all show the same selection.
 */
export function GalleryBrowser({ categories, category }: GalleryBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryString = searchParams.toString();
  const currency = useCurrency();
  const filters = useMemo(
    () => readFilters(new URLSearchParams(queryString), currency),
    [queryString, currency],
  );
  // Another category starts at its first page, with the same filters.
  const filterQuery = writeFilters(filters).toString();

  const change = (next: GalleryFilters) =>
    setSearchParams(writeFilters(next), { preventScrollReset: true });

  return (
    <div className={styles.browser}>
      <CategoryNav
        categories={categories}
        active={category}
        search={filterQuery ? `?${filterQuery}` : ''}
      />
      <FilterBar filters={filters} currency={currency} onChange={change} />
      <GalleryResults
        search={offerSearchFor(filters, currency, category)}
        firstPage={readFirstPage(searchParams)}
        pageHref={(page) => {
          const params = new URLSearchParams(queryString);
          if (page > 1) params.set(PAGE_PARAM, String(page));
          else params.delete(PAGE_PARAM);
          const query = params.toString();
          return query ? `?${query}` : '?';
        }}
        onClearFilters={
          narrowsResults(filters) ? () => change({ ...DEFAULT_FILTERS, sort: filters.sort }) : null
        }
      />
    </div>
  );
}
