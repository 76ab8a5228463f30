import { useTranslation } from 'react-i18next';
import { CURRENCIES, type SalesReport } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import ruled from '../../../components/admin/ruled-table.module.css';
import styles from './admin-sales.module.css';

/** Every figure of every day: the charts' data as a table, for screen readers and exact reading. */
export function DailyTable({
  report,
  day,
}: {
  report: SalesReport;
  day: (date: string) => string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.section} aria-labelledby="sales-days">
      <h2 id="sales-days">{t('admin.sales.days')}</h2>
      <div className={ruled.wrap}>
        <table className={ruled.figures}>
          <caption className="visually-hidden">{t('admin.sales.days')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.sales.columns.day')}</th>
              {CURRENCIES.map((currency) => (
                <th scope="col" key={currency} className={styles.number}>
                  {t('admin.sales.columns.revenue', { currency })}
                </th>
              ))}
              {CURRENCIES.map((currency) => (
                <th scope="col" key={`refunds-${currency}`} className={styles.number}>
                  {t('admin.sales.columns.refunds', { currency })}
                </th>
              ))}
              <th scope="col" className={styles.number}>
                {t('admin.sales.columns.orders')}
              </th>
              <th scope="col" className={styles.number}>
                {t('admin.sales.columns.generations')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((entry) => (
              <tr key={entry.date}>
                <th scope="row">{day(entry.date)}</th>
                {CURRENCIES.map((currency) => (
                  <td key={currency} className={styles.number}>
                    {format.price({ amount: entry.revenue[currency], currency })}
                  </td>
                ))}
                {CURRENCIES.map((currency) => (
                  <td key={`refunds-${currency}`} className={styles.number}>
                    {format.price({ amount: entry.refunds[currency], currency })}
                  </td>
                ))}
                <td className={styles.number}>{entry.orders}</td>
                <td className={styles.number}>{entry.generations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
