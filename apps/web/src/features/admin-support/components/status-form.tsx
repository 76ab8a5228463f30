import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TICKET_STATUSES,
  TicketStatusSchema,
  type AdminTicketDetail,
  type TicketStatus,
} from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { apiErrorText } from '../../../lib/api-error-text';
import { useChangeTicketStatus } from '../api/change-ticket-status';
import { ticketStatusLabel } from './ticket-status-label';
import filterForm from '../../../components/admin/filter-form.module.css';
import styles from './admin-support.module.css';

/** Open, answered or closed; each change is recorded with who made it. */
export function StatusForm({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const change = useChangeTicketStatus(ticket.ticketNumber);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change.isPending) change.mutate(status);
  };

  return (
    <form className={`${filterForm.form} ${styles.filters}`} onSubmit={submit}>
      <FormAlert text={change.isError ? apiErrorText(change.error, t) : null} />
      <label>
        {t('admin.support.status.label')}
        <select
          className={filterForm.control}
          value={status}
          onChange={(event) => {
            const next = TicketStatusSchema.safeParse(event.target.value);
            if (next.success) setStatus(next.data);
          }}
        >
          {TICKET_STATUSES.map((option) => (
            <option key={option} value={option}>
              {ticketStatusLabel(option, t)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="button button--secondary"
        disabled={change.isPending || status === ticket.status}
      >
        {change.isPending ? t('admin.support.status.busy') : t('admin.support.status.submit')}
      </button>
    </form>
  );
}
