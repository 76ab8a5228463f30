import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { IntroPage } from './intro-page';

export default function CartPage() {
  const { t } = useTranslation();
  return (
    <IntroPage id="cart" links={[{ to: paths.gallery, label: t('pages.cart.continueShopping') }]} />
  );
}
