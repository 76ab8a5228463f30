import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { TicketDetail } from '../../../features/admin-support/components/ticket-detail';

/** /admin/tickets/:ticketNumber: one ticket, its conversation, the reply and status forms. */
export default function AdminTicketPage() {
  const { t } = useTranslation();
  const { ticketNumber = '' } = useParams();
  return (
    <Page title={t('admin.support.detail.title', { ticketNumber })}>
      <p>
        <Link to={adminPath('tickets')}>{t('admin.support.detail.back')}</Link>
      </p>
      <TicketDetail ticketNumber={ticketNumber} />
    </Page>
  );
}
