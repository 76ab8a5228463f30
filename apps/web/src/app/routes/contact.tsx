import { useSearchParams } from 'react-router';
import { Contact } from '../../features/support/components/contact';
import { IntroPage } from './intro-page';

/** Contact: the support ticket form (docs/product/care.md#support-tickets). */
export default function ContactPage() {
  const [search] = useSearchParams();
  return (
    <IntroPage id="contact">
      <Contact search={search} />
    </IntroPage>
  );
}
