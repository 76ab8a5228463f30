import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { AuditLog } from '../../../features/admin-audit/components/audit-log';

/** /admin/audit: every change made in the back office. */
export default function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.audit.title')} intro={t('admin.audit.intro')}>
      <AuditLog />
    </Page>
  );
}
