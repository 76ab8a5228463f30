import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type AdminOtherCurrencyReversal, type Currency } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { ADMIN_ORDERS_QUERY_KEY } from '../api/get-orders';
import {
  settleOtherCurrencyReversal,
  useOtherCurrencyReversals,
} from '../api/other-currency-reversals';
import { PaymentListSection, PaymentPurposeCell } from './payment-list-section';
import styles from '../../../components/admin/admin-area.module.css';

// The provider's currency may be one the shop does not sell in: shown as it came, in minor units
// (the shop does not know every currency's decimals).
const isCurrency = (text: string): text is Currency =>
  (CURRENCIES as readonly string[]).includes(text);

/** When and by whom it was settled, or the button that marks it so. */
function SettleCell({ reversal }: { reversal: AdminOtherCurrencyReversal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: () => settleOtherCurrencyReversal(reversal.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY }),
  });
  if (reversal.settledAt) {
    return (
      <>
        {t('admin.orders.otherCurrency.settledOn', {
          date: format.date(reversal.settledAt),
          who: reversal.settledBy ?? '',
        })}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={settle.isPending}
        onClick={() => settle.mutate()}
      >
        {settle.isPending
          ? t('admin.orders.otherCurrency.settling')
          : t('admin.orders.otherCurrency.settle')}
      </button>
      {settle.isError ? (
        <p role="alert" className={styles.alert}>
          {apiErrorText(settle.error, t)}
        </p>
      ) : null}
    </>
  );
}

/**
 * Disputes and provider refunds in another currency than their payment: the shop moved nothing
 * for them; a person settles each at the provider or by hand, then marks it settled here.
 */
export function OtherCurrencyReversals({ orderHref }: { orderHref: (orderId: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <PaymentListSection
      headingId="admin-other-currency-reversals"
      heading={t('admin.orders.otherCurrency.heading')}
      intro={t('admin.orders.otherCurrency.intro')}
      empty={t('admin.orders.otherCurrency.empty')}
      query={useOtherCurrencyReversals()}
      columns={[
        { label: t('admin.orders.otherCurrency.received') },
        { label: t('admin.orders.otherCurrency.what') },
        { label: t('admin.orders.otherCurrency.customer') },
        { label: t('admin.orders.otherCurrency.for') },
        { label: t('admin.orders.otherCurrency.payment'), numeric: true },
        { label: t('admin.orders.otherCurrency.amount'), numeric: true },
        { label: t('admin.orders.otherCurrency.settledColumn') },
      ]}
      rowKey={(reversal) => String(reversal.id)}
      renderCells={(reversal) => (
        <>
          <td>{format.date(reversal.receivedAt)}</td>
          <td>{t(`admin.orders.otherCurrency.types.${reversal.type}`)}</td>
          <td>{reversal.customerEmail}</td>
          <PaymentPurposeCell
            orderId={reversal.orderId}
            orderHref={orderHref}
            depositLabel={t('admin.orders.otherCurrency.deposit')}
          />
          <td className={styles.number}>
            {format.price({ amount: reversal.paymentAmount, currency: reversal.paymentCurrency })}
          </td>
          <td className={styles.number}>
            {isCurrency(reversal.currency)
              ? format.price({ amount: reversal.amount, currency: reversal.currency })
              : `${reversal.amount} ${reversal.currency}`}
          </td>
          <td>
            <SettleCell reversal={reversal} />
          </td>
        </>
      )}
    />
  );
}
