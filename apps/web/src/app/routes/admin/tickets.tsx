import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { TicketsList } from '../../../features/admin-support/components/tickets-list';

const ticketPath = (ticketNumber: string) =>
  adminPath(`tickets/${encodeURIComponent(ticketNumber)}`);

/** /admin/tickets: support tickets by status, searchable. */
export default function AdminTicketsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.support.title')} intro={t('admin.support.intro')}>
      <TicketsList ticketPath={ticketPath} />
    </Page>
  );
}
