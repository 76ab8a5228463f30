import { IntroPage } from './intro-page';

export default function ContactPage() {
  return <IntroPage id="contact" />;
}
