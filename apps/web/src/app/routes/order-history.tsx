import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { usePayOrder } from '../../features/checkout/use-pay-order';
import { OrderList } from '../../features/orders/components/order-list';

/** /order-history (signed in): every order, newest first; unpaid ones can be paid from here. */
export default function OrderHistoryPage() {
  const { t } = useTranslation();
  const payAgain = usePayOrder();
  return (
    <Page title={t('pages.orderHistory.title')} intro={t('pages.orderHistory.intro')}>
      <PageLinks
        links={[
          { to: paths.artworks, label: t('artworks.title') },
          { to: paths.wallet, label: t('pages.wallet.title') },
        ]}
      />
      <OrderList payAgain={payAgain} />
    </Page>
  );
}
