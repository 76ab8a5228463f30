import { IntroPage } from './intro-page';

export default function GiftCardPage() {
  return <IntroPage id="giftCard" />;
}
