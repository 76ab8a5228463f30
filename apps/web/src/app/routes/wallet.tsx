import { IntroPage } from './intro-page';

export default function WalletPage() {
  return <IntroPage id="wallet" />;
}
