import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { GiftCardList } from '../../../features/admin-gift-cards/components/gift-card-list';
import { IssueGiftCardForm } from '../../../features/admin-gift-cards/components/issue-gift-card-form';

/** /admin/gift-cards: issue a card by hand, and every card issued. */
export default function AdminGiftCardsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.giftCards.title')} intro={t('admin.giftCards.intro')}>
      <IssueGiftCardForm />
      <GiftCardList />
    </Page>
  );
}
