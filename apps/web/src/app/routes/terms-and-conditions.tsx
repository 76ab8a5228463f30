import { IntroPage } from './intro-page';

export default function TermsAndConditionsPage() {
  return <IntroPage id="termsAndConditions" />;
}
