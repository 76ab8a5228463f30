import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { saveBillingDetails } from '../../features/account/save-billing-details';
import { countryOptions } from '../../features/account/countries';
import { cartStore } from '../../features/cart/cart-store';
import { CartContents } from '../../features/cart/components/cart-contents';
import { giftCardStore } from '../../features/cart/gift-card-store';
import { useCart } from '../../features/cart/use-cart';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { VerifyEmailNotice } from '../../features/email-verification/components/verify-email-notice';
import { OfferPicture } from '../../features/gallery/components/offer-picture';
import { ORDERS_QUERY_KEY } from '../../features/orders/api/get-orders';
import { currentLocale } from '../../lib/i18n';

/**
 * /cart (signed in): the cart's lines and totals, then checkout below them. After a successful
 * order the cart and the gift card are emptied and the cached orders removed
 * (docs/product/browser.md#cart-and-gift-card) before the shopper leaves for the payment page.
 */
export default function CartPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const queryClient = useQueryClient();
  const cart = useCart();

  const onOrdered = useCallback(() => {
    cartStore.clear();
    giftCardStore.clear();
    queryClient.removeQueries({ queryKey: ORDERS_QUERY_KEY });
  }, [queryClient]);

  const canCheckOut =
    !cart.isLoading && !cart.error && (cart.orderable.length > 0 || cart.giftCard !== null);

  return (
    <Page title={t('pages.cart.title')} intro={t('cartPage.intro')}>
      <CartContents
        cart={cart}
        renderPicture={(attribute) => (
          <OfferPicture image={attribute.image} alt="" sizes="80px" fit="contain" />
        )}
      />
      {canCheckOut ? <VerifyEmailNotice /> : null}
      {canCheckOut ? (
        <CheckoutForm
          order={{
            cartItems: cart.orderable,
            giftCardAmount: cart.giftCard?.amount ?? 0,
            total: cart.total,
          }}
          countries={countries}
          onOrdered={onOrdered}
          onSaveDetails={saveBillingDetails}
        />
      ) : null}
    </Page>
  );
}
