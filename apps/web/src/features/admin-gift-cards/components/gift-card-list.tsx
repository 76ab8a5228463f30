import { useTranslation } from 'react-i18next';
import type { AdminGiftCard } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useIssuedGiftCards } from '../api/get-issued-gift-cards';
import styles from '../../../components/admin/admin-area.module.css';

/** Every issued card, newest first: where it came from and whether it was redeemed; no codes. */
export function GiftCardList() {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useIssuedGiftCards();
  const cards = list.data?.pages.flatMap((page) => page.cards) ?? [];
  const state = (card: AdminGiftCard) =>
    card.voidedAt
      ? t('admin.giftCards.list.voided')
      : card.redeemedAt
        ? t('admin.giftCards.list.redeemed', { email: card.redeemedByEmail ?? '' })
        : t('admin.giftCards.list.unredeemed');

  return (
    <section className={styles.section} aria-labelledby="admin-gift-card-list">
      <h2 id="admin-gift-card-list" className={styles.heading}>
        {t('admin.giftCards.list.heading')}
      </h2>
      {list.isPending ? <p role="status">{t('admin.giftCards.list.loading')}</p> : null}
      {list.isError ? (
        <div role="alert" className={styles.panel}>
          <p>{t('admin.giftCards.list.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(list.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
          >
            {t('admin.giftCards.list.retry')}
          </button>
        </div>
      ) : null}
      {list.isSuccess && cards.length === 0 ? (
        <p className={styles.muted}>{t('admin.giftCards.list.empty')}</p>
      ) : null}
      {cards.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('admin.giftCards.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.giftCards.list.date')}</th>
                <th scope="col" className={styles.number}>
                  {t('admin.giftCards.list.amount')}
                </th>
                <th scope="col">{t('admin.giftCards.list.source')}</th>
                <th scope="col">{t('admin.giftCards.list.issuedBy')}</th>
                <th scope="col">{t('admin.giftCards.list.recipient')}</th>
                <th scope="col">{t('admin.giftCards.list.reason')}</th>
                <th scope="col">{t('admin.giftCards.list.hint')}</th>
                <th scope="col">{t('admin.giftCards.list.state')}</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.id}>
                  <td>{format.date(card.createdAt)}</td>
                  <td className={styles.number}>
                    {format.price({ amount: card.amount, currency: card.currency })}
                  </td>
                  <td>
                    {card.orderId === null
                      ? t('admin.giftCards.list.manual')
                      : t('admin.giftCards.list.order', { id: card.orderId })}
                  </td>
                  <td>{card.issuedByEmail ?? ''}</td>
                  <td>{card.recipientEmail ?? ''}</td>
                  <td>{card.reason ?? ''}</td>
                  <td>
                    <code>…{card.codeHint}</code>
                  </td>
                  <td>{state(card)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('admin.giftCards.list.more')}
        </button>
      ) : null}
    </section>
  );
}
