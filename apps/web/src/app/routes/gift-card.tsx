import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { giftCardStore, useGiftCardInCart } from '../../features/cart/gift-card-store';
import { VerifyEmailNotice } from '../../features/email-verification/components/verify-email-notice';
import { GiftCardPicker } from '../../features/gift-card/components/gift-card-picker';
import { useCurrency } from '../../lib/currency';

/** /gift-card (open): choose an amount and put the card into the cart. */
export default function GiftCardPage() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const current = useGiftCardInCart();
  return (
    <Page title={t('pages.giftCard.title')} intro={t('pages.giftCard.intro')}>
      <VerifyEmailNotice />
      <GiftCardPicker currency={currency} current={current} onAdd={giftCardStore.set} />
    </Page>
  );
}
