import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminOfferSummary } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatPrice } from '../../../lib/format';
import { ADMIN_CATALOG_QUERY_KEY, useAdminOffers } from '../api/get-admin-offers';
import { setPublished } from '../api/set-published';
import styles from './admin-catalog.module.css';

interface OffersTableProps {
  offerPath: (id: number) => string;
}

/** Every offer, published or not, with a title search, paging and a publish switch per row. */
export function OffersTable({ offerPath }: OffersTableProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [toggling, setToggling] = useState<number | null>(null);
  // What the admin switched a row to, shown at once and kept until the list is read again.
  const [switched, setSwitched] = useState<Readonly<Record<number, boolean>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const offers = useAdminOffers(query);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ search: typed.trim(), page: 1 });
  };
  const toggle = async (offer: AdminOfferSummary) => {
    const wanted = !(switched[offer.id] ?? offer.published);
    setToggling(offer.id);
    setSwitched((current) => ({ ...current, [offer.id]: wanted }));
    setMessage(null);
    try {
      const changed = await setPublished(offer.id, wanted);
      setMessage(
        t(
          changed.published
            ? 'admin.catalog.offers.nowPublished'
            : 'admin.catalog.offers.nowHidden',
          {
            title: changed.title,
          },
        ),
      );
      await queryClient.invalidateQueries({ queryKey: ADMIN_CATALOG_QUERY_KEY });
    } catch (failure) {
      setMessage(apiErrorText(failure, t));
    } finally {
      setSwitched(({ [offer.id]: _done, ...rest }) => rest);
      setToggling(null);
    }
  };

  const pages = offers.data ? Math.max(1, Math.ceil(offers.data.total / offers.data.pageSize)) : 1;
  return (
    <section aria-labelledby="admin-offers-heading">
      <h2 id="admin-offers-heading">{t('admin.catalog.offers.heading')}</h2>
      <form role="search" className={styles.toolbar} onSubmit={onSearch}>
        <div className={styles.field}>
          <label htmlFor="admin-offers-search">{t('admin.catalog.offers.search')}</label>
          <input
            id="admin-offers-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t('admin.catalog.offers.searchButton')}
        </button>
      </form>
      <div role="status">{message}</div>
      {offers.isPending ? <p role="status">{t('admin.catalog.loading')}</p> : null}
      {offers.isError ? (
        <div role="alert">
          <p>{apiErrorText(offers.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void offers.refetch()}
          >
            {t('admin.retry')}
          </button>
        </div>
      ) : null}
      {offers.data && offers.data.items.length === 0 ? (
        <p>{t('admin.catalog.offers.empty')}</p>
      ) : null}
      {offers.data && offers.data.items.length > 0 ? (
        <table className={styles.table}>
          <caption className="visually-hidden">
            {t('admin.catalog.offers.caption', { total: offers.data.total })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.catalog.offers.picture')}</th>
              <th scope="col">{t('admin.catalog.fields.title')}</th>
              <th scope="col">{t('admin.catalog.fields.category')}</th>
              <th scope="col">{t('admin.catalog.offers.from')}</th>
              <th scope="col">{t('admin.catalog.offers.published')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.data.items.map((offer) => {
              const thumb = offer.image.previews.find((p) => p.format === 'webp');
              return (
                <tr key={offer.id}>
                  <td>
                    <img
                      className={styles.thumb}
                      src={thumb?.url ?? offer.image.placeholder}
                      width={offer.image.width}
                      height={offer.image.height}
                      loading="lazy"
                      alt=""
                    />
                  </td>
                  <th scope="row">
                    <Link to={offerPath(offer.id)}>{offer.title}</Link>
                  </th>
                  <td>{offer.categoryUrlName}</td>
                  <td>
                    {formatPrice({ amount: offer.minPrices.EUR, currency: 'EUR' }, i18n.language)}
                    {' / '}
                    {formatPrice({ amount: offer.minPrices.USD, currency: 'USD' }, i18n.language)}
                  </td>
                  <td>
                    <input
                      id={`admin-publish-${offer.id}`}
                      type="checkbox"
                      checked={switched[offer.id] ?? offer.published}
                      disabled={toggling === offer.id}
                      onChange={() => void toggle(offer)}
                    />
                    <label htmlFor={`admin-publish-${offer.id}`} className="visually-hidden">
                      {t('admin.catalog.offers.publishLabel', { title: offer.title })}
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {offers.data && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('admin.catalog.offers.pages')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={query.page <= 1}
            onClick={() => setQuery({ ...query, page: query.page - 1 })}
          >
            {t('admin.catalog.offers.previous')}
          </button>
          <span>{t('admin.catalog.offers.pageOf', { page: query.page, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={query.page >= pages}
            onClick={() => setQuery({ ...query, page: query.page + 1 })}
          >
            {t('admin.catalog.offers.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
