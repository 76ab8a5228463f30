import { IntroPage } from './intro-page';

export default function BillingInformationPage() {
  return <IntroPage id="billingInformation" />;
}
