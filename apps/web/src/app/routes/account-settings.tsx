import { IntroPage } from './intro-page';

export default function AccountSettingsPage() {
  return <IntroPage id="accountSettings" />;
}
