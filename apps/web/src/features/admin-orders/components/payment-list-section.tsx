import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import styles from '../../../components/admin/admin-area.module.css';

export interface PaymentListColumn {
  label: string;
  /** Right-aligned, for amounts. */
  numeric?: boolean;
  /** A heading of several words that may take two lines when the table is short of room. */
  wraps?: boolean;
}

/**
 * A titled list of payments on the orders page (late payments, disputes and provider refunds):
 * its loading, error and empty states, then a table of one row per payment.
 */
export function PaymentListSection<Row>({
  headingId,
  heading,
  intro,
  empty,
  query,
  columns,
  rowKey,
  renderCells,
}: {
  headingId: string;
  heading: string;
  intro: string;
  empty: string;
  query: UseQueryResult<Row[]>;
  columns: readonly PaymentListColumn[];
  rowKey: (row: Row) => string;
  /** The row's `<td>` cells, one per column. */
  renderCells: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <p className={styles.muted}>{intro}</p>
      {query.isPending ? <p role="status">{t('admin.orders.loading')}</p> : null}
      {query.isError ? (
        <p role="alert" className={styles.alert}>
          {apiErrorText(query.error, t)}
        </p>
      ) : null}
      {query.isSuccess && query.data.length === 0 ? <p className={styles.muted}>{empty}</p> : null}
      {query.isSuccess && query.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{heading}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={
                      column.numeric ? styles.number : column.wraps ? styles.wraps : undefined
                    }
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.map((row) => (
                <tr key={rowKey(row)}>{renderCells(row)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** What a payment was for: a link to its order, or the word for a deposit. */
export function PaymentPurposeCell({
  orderId,
  orderHref,
  depositLabel,
}: {
  orderId: number | null;
  orderHref: (orderId: number) => string;
  depositLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <td>
      {orderId === null ? (
        depositLabel
      ) : (
        <Link to={orderHref(orderId)}>{t('admin.orders.orderNumber', { id: orderId })}</Link>
      )}
    </td>
  );
}
