import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@pictura/contract';
import { useFormat } from '../lib/format';
import table from './data-table.module.css';
import styles from './ledger-table.module.css';

interface LedgerTableProps {
  entries: readonly LedgerEntry[];
  caption: string;
  /** Column headings; the reference column is shown only when it is named. */
  columns: { date: string; kind: string; reference?: string; amount: string; balanceAfter: string };
  /** Semibold amounts, credits in green: a customer tells in from out on their own wallet. */
  toned?: boolean;
}

/** Movements of one balance, in the order given: when, why, how much, and the balance after. */
export function LedgerTable({ entries, caption, columns, toned = false }: LedgerTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const signed = (entry: LedgerEntry) => {
    const text = format.price({ amount: entry.amount, currency: entry.currency });
    return entry.amount > 0 ? `+${text}` : text;
  };
  const amountClass = (entry: LedgerEntry) =>
    toned ? `${table.number} ${entry.amount > 0 ? styles.credit : styles.debit}` : table.number;

  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.kind}</th>
            {columns.reference ? <th scope="col">{columns.reference}</th> : null}
            <th scope="col" className={table.number}>
              {columns.amount}
            </th>
            <th scope="col" className={table.number}>
              {columns.balanceAfter}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{format.date(entry.createdAt)}</td>
              <td>{t(`wallet.kinds.${entry.kind}`)}</td>
              {columns.reference ? (
                <td>
                  <code>{entry.reference}</code>
                </td>
              ) : null}
              <td className={amountClass(entry)}>{signed(entry)}</td>
              <td className={table.number}>
                {format.price({ amount: entry.balanceAfter, currency: entry.currency })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
