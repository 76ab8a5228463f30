import { LegalPage } from '../../features/legal/components/legal-page';

export default function CommercialLicencePage() {
  return <LegalPage kind="commercialLicence" />;
}
