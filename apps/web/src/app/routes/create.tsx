import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { CreateForm } from '../../features/create/components/create-form';
import { VerifyEmailNotice } from '../../features/email-verification/components/verify-email-notice';
import { GeneratorNotice } from '../../features/create/components/generator-notice';
import { PricesSection } from '../../features/create/components/prices-section';
import { RecentGenerations } from '../../features/create/components/recent-generations';
import { useCurrency } from '../../lib/currency';
import { useIsSignedIn } from '../../lib/session';

/**
 * /create (open to everyone, docs/product/screens.md#routes): the generation form with its live
 * price for everyone; a visitor is asked to sign in to generate, a user sees the balance and
 * follows each generation until its pictures arrive.
 */
export default function CreatePage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const currency = useCurrency();
  return (
    <Page title={t('pages.create.title')} intro={t('pages.create.intro')}>
      <GeneratorNotice />
      <VerifyEmailNotice />
      <CreateForm currency={currency} signedIn={signedIn} />
      {signedIn ? <RecentGenerations headingId="create-generations" /> : null}
      <PricesSection currency={currency} headingId="create-prices" />
    </Page>
  );
}
