import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPUTE_STAGES,
  formatMinorUnits,
  parseMinorUnits,
  type AdminPayment,
  type AdminSimulateDisputeResponse,
  type DisputeStage,
} from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { ADMIN_ORDERS_QUERY_KEY } from '../api/get-orders';
import { simulateDispute } from '../api/simulate-dispute';
import styles from '../../../components/admin/admin-area.module.css';

/**
 * A test shop's back office plays the card network for one sandbox payment: an inquiry, a
 * chargeback or a won dispute goes through the webhook as the provider's event would.
 */
export function SimulateDispute({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stageId = useId();
  const amountId = useId();
  const headingId = useId();
  const [stage, setStage] = useState<DisputeStage>('withdrawn');
  const [amount, setAmount] = useState(formatMinorUnits(payment.amount, payment.currency));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<AdminSimulateDisputeResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMinorUnits(amount, payment.currency);
    if (minor === null || minor <= 0) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await simulateDispute(payment.id, { stage, amount: minor }));
    } catch (failure) {
      setError(failure);
    }
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY });
  };

  return (
    <form
      className={styles.panel}
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={headingId} className={styles.heading}>
        {t('admin.orders.simulate.heading')}
      </h3>
      <p className={styles.muted}>{t('admin.orders.simulate.intro')}</p>
      <label htmlFor={stageId}>{t('admin.orders.simulate.stage')}</label>
      <select id={stageId} value={stage} onChange={(e) => setStage(e.target.value as DisputeStage)}>
        {DISPUTE_STAGES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.orders.simulate.stages.${value}`)}
          </option>
        ))}
      </select>
      <label htmlFor={amountId}>
        {t('admin.orders.simulate.amount')} ({payment.currency})
      </label>
      <input
        id={amountId}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
      />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('admin.orders.simulate.busy') : t('admin.orders.simulate.submit')}
        </button>
      </div>
      <div role="status">
        {done ? <p className={styles.success}>{t('admin.orders.simulate.done', done)}</p> : null}
      </div>
      {error ? <p role="alert">{apiErrorText(error, t)}</p> : null}
    </form>
  );
}
