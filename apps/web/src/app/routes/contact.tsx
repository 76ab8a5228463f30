import { useSearchParams } from 'react-router';
import { Contact } from '../../features/support/components/contact';
import { IntroPage } from './intro-page';

/** Contact: the support ticket form (seed-spec sections 2 and 7). */
export default function ContactPage() {
  const [search] = useSearchParams();
  return (
    <IntroPage id="contact">
      <Contact search={search} />
    </IntroPage>
  );
}
