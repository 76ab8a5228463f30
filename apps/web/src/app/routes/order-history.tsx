import { IntroPage } from './intro-page';

export default function OrderHistoryPage() {
  return <IntroPage id="orderHistory" />;
}
