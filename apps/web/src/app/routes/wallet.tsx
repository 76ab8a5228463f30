import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { saveBillingDetails } from '../../features/account/save-billing-details';
import { countryOptions } from '../../features/account/countries';
import { DepositForm } from '../../features/checkout/components/deposit-form';
import { VerifyEmailNotice } from '../../features/email-verification/components/verify-email-notice';
import { ORDERS_QUERY_KEY } from '../../features/orders/api/get-orders';
import { Balances } from '../../features/wallet/components/balances';
import { CreditNotes } from '../../features/wallet/components/credit-notes';
import { DepositReceipts } from '../../features/wallet/components/deposit-receipts';
import { LedgerHistory } from '../../features/wallet/components/ledger-history';
import { RedeemGiftCardForm } from '../../features/wallet/components/redeem-gift-card-form';
import { WalletSections } from '../../features/wallet/components/wallet-sections';
import { WalletSignedOut } from '../../features/wallet/components/wallet-signed-out';
import { useCurrency } from '../../lib/currency';
import { currentLocale } from '../../lib/i18n';
import { useIsSignedIn } from '../../lib/session';

/**
 * /wallet (open to everyone, docs/product/screens.md#routes): for a visitor what the wallet is and
 * a way to sign in; for a user the balances first, then gift-card redemption, a deposit and the
 * history of the chosen currency, the deposits' receipts and the credit notes, each a titled
 * section linked from the top (the header's balance leads here).
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  return (
    <Page title={t('pages.wallet.title')} intro={t('pages.wallet.intro')}>
      {signedIn ? <Wallet /> : <WalletSignedOut />}
    </Page>
  );
}

function Wallet() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const currency = useCurrency();
  const queryClient = useQueryClient();
  // docs/product/browser.md#cart-and-gift-card: the cached orders are removed after an order or a
  // deposit alike.
  const onStarted = useCallback(
    () => queryClient.removeQueries({ queryKey: ORDERS_QUERY_KEY }),
    [queryClient],
  );
  return (
    <>
      <PageLinks links={[{ to: paths.orderHistory, label: t('pages.orderHistory.title') }]} />
      <VerifyEmailNotice />
      <WalletSections
        sections={[
          { headingId: 'wallet-balances', label: t('wallet.balancesHeading') },
          { headingId: 'wallet-redeem', label: t('wallet.redeem.heading') },
          { headingId: 'wallet-deposit', label: t('checkout.deposit.heading') },
          { headingId: 'wallet-history', label: t('wallet.history.link') },
          { headingId: 'wallet-receipts', label: t('receipts.wallet.heading') },
          { headingId: 'wallet-credit-notes', label: t('receipts.creditNotes.heading') },
        ]}
      />
      <Balances headingId="wallet-balances" />
      <RedeemGiftCardForm headingId="wallet-redeem" />
      <DepositForm
        currency={currency}
        countries={countries}
        onStarted={onStarted}
        onSaveDetails={saveBillingDetails}
        headingId="wallet-deposit"
      />
      <LedgerHistory currency={currency} headingId="wallet-history" />
      <DepositReceipts headingId="wallet-receipts" />
      <CreditNotes headingId="wallet-credit-notes" />
    </>
  );
}
