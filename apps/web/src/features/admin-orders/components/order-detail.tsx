import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderDetail, AdminPayment } from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useAdminOrder } from '../api/get-order';
import { CreditNotes } from './credit-notes';
import { RefundPanel } from './refund-panel';
import { SimulateDispute } from './simulate-dispute';
import styles from '../../../components/admin/admin-area.module.css';

interface OrderDetailProps {
  orderId: number;
  backHref: string;
  customerHref: (customerId: string) => string;
}

/**
 * One order for the back office: facts, items, totals, gift card, billing, payments, refund, and
 * the credit notes correcting its receipt.
 */
export function OrderDetail({ orderId, backHref, customerHref }: OrderDetailProps) {
  const { t } = useTranslation();
  const query = useAdminOrder(orderId);
  const back = <Link to={backHref}>{t('admin.orders.detail.back')}</Link>;

  if (query.isPending) return <p role="status">{t('admin.orders.detail.loading')}</p>;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className={styles.panel}>
        <p>{notFound ? t('admin.orders.detail.notFound') : apiErrorText(query.error, t)}</p>
        {back}
      </div>
    );
  }
  return (
    <>
      <p>{back}</p>
      <OrderFacts order={query.data} customerHref={customerHref} />
      <RefundPanel order={query.data} />
      <Payments payments={query.data.payments} />
      <CreditNotes orderId={orderId} />
    </>
  );
}

function OrderFacts({
  order,
  customerHref,
}: {
  order: AdminOrderDetail;
  customerHref: (customerId: string) => string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.price({ amount, currency: order.currency });
  const card = order.giftCard;
  const { billing } = order;
  return (
    <section
      className={styles.section}
      aria-label={t('admin.orders.orderNumber', { id: order.id })}
    >
      <dl className={styles.facts}>
        <dt>{t('admin.orders.table.status')}</dt>
        <dd>{t(`admin.orders.status.${order.status}`)}</dd>
        <dt>{t('admin.orders.detail.customer')}</dt>
        <dd>
          <Link to={customerHref(order.customerId)}>{order.customerEmail}</Link>
        </dd>
        <dt>{t('admin.orders.detail.placed')}</dt>
        <dd>{format.date(order.createdAt)}</dd>
        {order.paidAt ? (
          <>
            <dt>{t('admin.orders.detail.paid')}</dt>
            <dd>{format.date(order.paidAt)}</dd>
          </>
        ) : null}
      </dl>
      <h2 className={styles.heading}>{t('admin.orders.detail.items')}</h2>
      <ul>
        {order.items.map((item) => (
          <li key={item.offerAttributeId}>
            {item.title} · {item.kind} · {format.price(item.price)}
          </li>
        ))}
        {card ? (
          <li>
            {t('admin.orders.detail.giftCard')} · {money(card.amount)} ·{' '}
            {t(`admin.orders.detail.giftCardStates.${card.state}`)}
            {card.codeHint
              ? ` · ${t('admin.orders.detail.giftCardHint', { hint: card.codeHint })}`
              : ''}
            {card.redeemedAt && card.redeemedByEmail
              ? ` · ${t('admin.orders.detail.redeemedBy', {
                  email: card.redeemedByEmail,
                  date: format.date(card.redeemedAt),
                })}`
              : ''}
          </li>
        ) : null}
      </ul>
      <h2 className={styles.heading}>{t('admin.orders.detail.totals')}</h2>
      <dl className={styles.facts}>
        <dt>{t('admin.orders.detail.total')}</dt>
        <dd>{money(order.total)}</dd>
        <dt>{t('admin.orders.detail.paidByBalance')}</dt>
        <dd>{money(order.paidByBalance)}</dd>
        <dt>{t('admin.orders.detail.paidByPayment')}</dt>
        <dd>{money(order.paidByPayment)}</dd>
        {order.balanceGivenBack > 0 ? (
          <>
            <dt>{t('admin.orders.detail.balanceGivenBack')}</dt>
            <dd>{money(order.balanceGivenBack)}</dd>
          </>
        ) : null}
        {order.refundedAt ? (
          <>
            <dt>{t('admin.orders.detail.refunded')}</dt>
            <dd>
              {money(order.refundedAmount)} · {format.date(order.refundedAt)}
            </dd>
          </>
        ) : null}
      </dl>
      <h2 className={styles.heading}>{t('admin.orders.detail.billing')}</h2>
      <address>
        {billing.firstName} {billing.lastName}
        <br />
        {billing.address1}
        <br />
        {billing.zipCode} {billing.city}
        {billing.state ? `, ${billing.state}` : ''} · {billing.country}
      </address>
    </section>
  );
}

function Payments({ payments }: { payments: AdminPayment[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  // Webhook events are seconds apart: the time matters here, not only the day.
  const dateTime = new Intl.DateTimeFormat(currentLocale(i18n), {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return (
    <section className={styles.section} aria-labelledby="admin-order-payments">
      <h2 id="admin-order-payments" className={styles.heading}>
        {t('admin.orders.detail.payments')}
      </h2>
      {payments.length === 0 ? (
        <p className={styles.muted}>{t('admin.orders.detail.noPayments')}</p>
      ) : null}
      {payments.map((payment) => {
        const caption = `${t('admin.orders.detail.payment', { id: payment.id })} · ${payment.provider} · ${format.price({ amount: payment.amount, currency: payment.currency })} · ${t(`admin.orders.detail.paymentStatus.${payment.status}`)}`;
        return (
          <div key={payment.id}>
            {/* The events table scrolls sideways on a phone and holds nothing focusable, so its box
              takes the focus itself (a named region) for keyboard users to scroll it; the simulate
              form sits below the box, fully visible at any width. */}
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
              <table className={styles.table}>
                <caption>{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.orders.detail.eventReceived')}</th>
                    <th scope="col">{t('admin.orders.detail.eventType')}</th>
                    <th scope="col">{t('admin.orders.detail.eventOutcome')}</th>
                    <th scope="col" className={styles.number}>
                      {t('admin.orders.detail.eventAmount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {payment.events.length === 0 ? (
                    <tr>
                      <td colSpan={4}>{t('admin.orders.detail.noEvents')}</td>
                    </tr>
                  ) : null}
                  {payment.events.map((event) => (
                    <tr key={event.eventId}>
                      <td>{dateTime.format(new Date(event.receivedAt))}</td>
                      <td>{event.type}</td>
                      <td>{t(`admin.orders.detail.outcomes.${event.outcome}`)}</td>
                      <td className={styles.number}>
                        {event.currency === payment.currency
                          ? format.price({ amount: event.amount, currency: payment.currency })
                          : `${event.amount} ${event.currency}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {payment.provider === 'sandbox' &&
            ['succeeded', 'disputed', 'refunded'].includes(payment.status) ? (
              <SimulateDispute payment={payment} />
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
