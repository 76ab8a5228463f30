import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CURRENCIES, type SalesReport as Report } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useSalesReport, type SalesRange } from '../api/get-sales-report';
import { BarChart } from './bar-chart';
import { DailyTable } from './daily-table';
import { TopOffers } from './top-offers';
import { VatTable } from './vat-table';
import filterForm from '../../../components/admin/filter-form.module.css';
import styles from './admin-sales.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range lives in the address, so a report can be bookmarked or shared with another admin. */
function useSalesRange(): [SalesRange, (range: SalesRange) => void] {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? value : undefined;
  };
  const set = (range: SalesRange) => {
    const next = new URLSearchParams();
    if (range.from) next.set('from', range.from);
    if (range.to) next.set('to', range.to);
    setParams(next);
  };
  return [{ from: read('from'), to: read('to') }, set];
}

function Figures({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  // Days are UTC calendar days; shown as such, whatever the admin's time zone.
  const dayFormat = new Intl.DateTimeFormat(currentLocale(i18n), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const best = (values: number[]) => {
    const max = Math.max(0, ...values);
    return max > 0 ? report.days[values.indexOf(max)]?.date : undefined;
  };

  return (
    <>
      <dl className={styles.totals}>
        {CURRENCIES.map((currency) => (
          <div key={currency}>
            <dt>{t('admin.sales.totals.revenue', { currency })}</dt>
            <dd>{format.price({ amount: report.totals.revenue[currency], currency })}</dd>
          </div>
        ))}
        {CURRENCIES.map((currency) => (
          <div key={`refunds-${currency}`}>
            <dt>{t('admin.sales.totals.refunds', { currency })}</dt>
            <dd>{format.price({ amount: report.totals.refunds[currency], currency })}</dd>
          </div>
        ))}
        <div>
          <dt>{t('admin.sales.totals.orders')}</dt>
          <dd>{report.totals.orders}</dd>
        </div>
        <div>
          <dt>{t('admin.sales.totals.generations')}</dt>
          <dd>{report.totals.generations}</dd>
        </div>
      </dl>

      <section className={styles.section} aria-labelledby="sales-charts">
        <h2 id="sales-charts">{t('admin.sales.charts')}</h2>
        <div className={styles.charts}>
          {CURRENCIES.map((currency) => {
            const values = report.days.map((entry) => entry.revenue[currency]);
            const bestDay = best(values);
            const price = (amount: number) => format.price({ amount, currency });
            return (
              <BarChart
                key={currency}
                title={t('admin.sales.revenueChart', { currency })}
                summary={
                  bestDay
                    ? t('admin.sales.chartSummary', {
                        total: price(report.totals.revenue[currency]),
                        best: price(Math.max(...values)),
                        day: day(bestDay),
                      })
                    : t('admin.sales.chartEmpty')
                }
                bars={report.days.map((entry) => ({
                  label: day(entry.date),
                  value: entry.revenue[currency],
                }))}
                format={price}
              />
            );
          })}
          {(['orders', 'generations'] as const).map((figure) => {
            const values = report.days.map((entry) => entry[figure]);
            const bestDay = best(values);
            return (
              <BarChart
                key={figure}
                title={t(`admin.sales.${figure}Chart`)}
                summary={
                  bestDay
                    ? t('admin.sales.countSummary', {
                        total: report.totals[figure],
                        best: Math.max(...values),
                        day: day(bestDay),
                      })
                    : t('admin.sales.chartEmpty')
                }
                bars={report.days.map((entry) => ({
                  label: day(entry.date),
                  value: entry[figure],
                }))}
                format={String}
              />
            );
          })}
        </div>
      </section>

      <DailyTable report={report} day={day} />
      <TopOffers offers={report.topOffers} />
      <VatTable rows={report.vat} />
    </>
  );
}

/** The sales page: a date range, totals, charts per day, the figures as a table and top offers. */
export function SalesReport() {
  const { t } = useTranslation();
  const [range, setRange] = useSalesRange();
  const report = useSalesReport(range);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setRange({
      from: String(data.get('from') ?? '') || undefined,
      to: String(data.get('to') ?? '') || undefined,
    });
  };

  return (
    <>
      <form
        className={`${filterForm.form} ${styles.range}`}
        onSubmit={submit}
        aria-label={t('admin.sales.range.label')}
        key={`${report.data?.from ?? ''}|${report.data?.to ?? ''}`}
      >
        <label>
          {t('admin.sales.range.from')}
          <input
            type="date"
            name="from"
            className={filterForm.control}
            defaultValue={range.from ?? report.data?.from}
          />
        </label>
        <label>
          {t('admin.sales.range.to')}
          <input
            type="date"
            name="to"
            className={filterForm.control}
            defaultValue={range.to ?? report.data?.to}
          />
        </label>
        <button type="submit" className="button button--secondary">
          {t('admin.sales.range.apply')}
        </button>
      </form>
      <p className={styles.muted}>{t('admin.sales.note')}</p>
      {report.isPending ? <p role="status">{t('admin.sales.loading')}</p> : null}
      {report.isError ? (
        <div role="alert">
          <p>{t('admin.sales.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(report.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void report.refetch()}
          >
            {t('admin.retry')}
          </button>
        </div>
      ) : null}
      {report.data ? <Figures report={report.data} /> : null}
    </>
  );
}
