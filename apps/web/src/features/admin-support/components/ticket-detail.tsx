import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTicketDetail } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { currentLocale } from '../../../lib/i18n';
import { useAdminTicket } from '../api/get-admin-ticket';
import { ReplyForm } from './reply-form';
import { StatusForm } from './status-form';
import { ticketStatusLabel } from './ticket-status-label';
import styles from './admin-support.module.css';

function TicketBody({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(currentLocale(i18n), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (value: string) => dateTime.format(new Date(value));
  const facts: Array<[string, string]> = [
    [t('admin.support.columns.status'), ticketStatusLabel(ticket.status, t)],
    [t('admin.support.columns.topic'), t(`support.topics.${ticket.supportTicketType}`)],
    [t('admin.support.detail.name'), ticket.name],
    [t('admin.support.detail.email'), ticket.email],
    [t('admin.support.detail.language'), t(`language.${ticket.locale}`)],
    [t('admin.support.detail.reference'), ticket.reference ?? '–'],
    [
      t('admin.support.detail.account'),
      ticket.linkedToAccount ? t('admin.support.detail.signedIn') : t('admin.support.detail.guest'),
    ],
    [t('admin.support.columns.received'), when(ticket.createdAt)],
  ];

  return (
    <>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>

      <section className={styles.section} aria-labelledby="ticket-conversation">
        <h2 id="ticket-conversation">{t('admin.support.detail.conversation')}</h2>
        <ol className={styles.conversation}>
          <li className={styles.message}>
            <p className={styles.messageMeta}>
              {t('admin.support.detail.wrote', { name: ticket.name, date: when(ticket.createdAt) })}
            </p>
            <p className={styles.messageText}>{ticket.description}</p>
          </li>
          {ticket.replies.map((reply) => (
            <li key={reply.id} className={`${styles.message} ${styles.reply}`}>
              <p className={styles.messageMeta}>
                {t('admin.support.detail.replied', {
                  name: reply.authorEmail,
                  date: when(reply.createdAt),
                })}{' '}
                {reply.sentAt === null ? (
                  <span className={styles.notSent}>{t('admin.support.detail.notSent')}</span>
                ) : null}
              </p>
              <p className={styles.messageText}>{reply.message}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="ticket-reply">
        <h2 id="ticket-reply">{t('admin.support.reply.heading')}</h2>
        <ReplyForm ticket={ticket} />
      </section>

      <section className={styles.section} aria-labelledby="ticket-status">
        <h2 id="ticket-status">{t('admin.support.status.heading')}</h2>
        {/* Keyed by status: after a change elsewhere (a reply) the select shows the new one. */}
        <StatusForm key={ticket.status} ticket={ticket} />
        {ticket.events.length === 0 ? (
          <p className={styles.muted}>{t('admin.support.status.noChanges')}</p>
        ) : (
          <ol>
            {ticket.events.map((event) => (
              <li key={event.id}>
                {t('admin.support.status.change', {
                  date: when(event.createdAt),
                  actor: event.actorEmail,
                  from: ticketStatusLabel(event.from, t),
                  to: ticketStatusLabel(event.to, t),
                })}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** One ticket: its facts, the conversation, the reply form and the status with its history. */
export function TicketDetail({ ticketNumber }: { ticketNumber: string }) {
  const { t } = useTranslation();
  const ticket = useAdminTicket(ticketNumber);
  if (ticket.isPending) return <p role="status">{t('admin.support.loading')}</p>;
  if (ticket.isError) {
    return (
      <div role="alert">
        <p>{t('admin.support.ticketLoadFailed')}</p>
        <p className={styles.muted}>{apiErrorText(ticket.error, t)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void ticket.refetch()}
        >
          {t('admin.retry')}
        </button>
      </div>
    );
  }
  return <TicketBody ticket={ticket.data} />;
}
