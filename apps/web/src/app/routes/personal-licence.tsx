import { LegalPage } from '../../features/legal/components/legal-page';

export default function PersonalLicencePage() {
  return <LegalPage kind="personalLicence" />;
}
