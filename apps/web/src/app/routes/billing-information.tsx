import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { BillingForm } from '../../features/account/components/billing-form';
import { WithProfile } from '../../features/account/components/profile-state';

export default function BillingInformationPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.billingInformation.title')} intro={t('pages.billingInformation.intro')}>
      <WithProfile>{(profile) => <BillingForm profile={profile} />}</WithProfile>
    </Page>
  );
}
