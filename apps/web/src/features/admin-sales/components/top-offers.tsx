import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCIES, paths, type TopOffer } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import ruled from '../../../components/admin/ruled-table.module.css';
import styles from './admin-sales.module.css';

/** The offers that sold most units in the range, with their revenue per currency. */
export function TopOffers({ offers }: { offers: readonly TopOffer[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.section} aria-labelledby="sales-top-offers">
      <h2 id="sales-top-offers">{t('admin.sales.topOffers')}</h2>
      {offers.length === 0 ? (
        <p className={styles.muted}>{t('admin.sales.noSales')}</p>
      ) : (
        <div className={ruled.wrap}>
          <table className={ruled.figures}>
            <caption className="visually-hidden">{t('admin.sales.topOffers')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.sales.columns.offer')}</th>
                <th scope="col" className={styles.number}>
                  {t('admin.sales.columns.units')}
                </th>
                {CURRENCIES.map((currency) => (
                  <th scope="col" key={currency} className={styles.number}>
                    {t('admin.sales.columns.revenue', { currency })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {offers.map((offer) => (
                <tr key={offer.offerId}>
                  <th scope="row">
                    <Link to={paths.picture(offer.urlName)}>{offer.title}</Link>
                  </th>
                  <td className={styles.number}>{offer.units}</td>
                  {CURRENCIES.map((currency) => (
                    <td key={currency} className={styles.number}>
                      {format.price({ amount: offer.revenue[currency], currency })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
