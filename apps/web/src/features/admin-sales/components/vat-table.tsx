import { useTranslation } from 'react-i18next';
import type { VatSalesRow } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import ruled from '../../../components/admin/ruled-table.module.css';
import styles from './admin-sales.module.css';

/** A country's name in the page's language, the code itself when unknown. */
function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The VAT included in what was sold to EU customers (artwork, image generation: each row says
 * which), per month, country and rate: the lines of a One-Stop-Shop return.
 */
export function VatTable({ rows }: { rows: readonly VatSalesRow[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const locale = currentLocale(i18n);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const month = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <section className={styles.section} aria-labelledby="sales-vat">
      <h2 id="sales-vat">{t('receipts.vat.heading')}</h2>
      <p className={styles.muted}>{t('receipts.vat.intro')}</p>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('receipts.vat.empty')}</p>
      ) : (
        <div className={ruled.wrap}>
          <table className={ruled.figures}>
            <caption className="visually-hidden">{t('receipts.vat.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('receipts.vat.month')}</th>
                <th scope="col">{t('receipts.vat.country')}</th>
                <th scope="col">{t('generationVat.kind')}</th>
                <th scope="col" className={styles.number}>
                  {t('receipts.vat.rate')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('receipts.vat.lines')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('receipts.vat.gross')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('receipts.vat.vat')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.month}-${row.country}-${row.kind}-${row.rate}-${row.currency}`}>
                  <th scope="row">{month.format(new Date(`${row.month}-01T00:00:00Z`))}</th>
                  <td>
                    {countryName(locale, row.country)} ({row.country})
                  </td>
                  <td>{t(`generationVat.kinds.${row.kind}`)}</td>
                  <td className={styles.number}>{percent.format(row.rate / 10_000)}</td>
                  <td className={styles.number}>{format.count(row.lines)}</td>
                  <td className={styles.number}>
                    {format.price({ amount: row.gross, currency: row.currency })}
                  </td>
                  <td className={styles.number}>
                    {format.price({ amount: row.vat, currency: row.currency })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
