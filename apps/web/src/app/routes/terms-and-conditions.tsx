import { LegalPage } from '../../features/legal/components/legal-page';

export default function TermsAndConditionsPage() {
  return <LegalPage kind="terms" />;
}
