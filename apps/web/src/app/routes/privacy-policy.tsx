import { IntroPage } from './intro-page';

export default function PrivacyPolicyPage() {
  return <IntroPage id="privacyPolicy" />;
}
