import { useTranslation } from 'react-i18next';
import type { AccountEvent } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useAccountEvents } from '../api/get-account-events';
import { useDeviceName } from './device-name';
import styles from './signed-in-sessions.module.css';

/**
 * What happened to the account in the last 30 days (sign-ins, failed attempts, changes to how it
 * signs in), each with its time, device and network, so the owner can spot what was not them.
 */
export function AccountEvents({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const events = useAccountEvents();
  return (
    <section className={formStyles.form} aria-labelledby={headingId} aria-busy={events.isPending}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('account.events.title')}
      </h2>
      <p className={formStyles.text}>{t('account.events.text')}</p>
      {events.isPending ? <p role="status">{t('account.events.loading')}</p> : null}
      {events.error && !events.isFetching ? (
        <div>
          <FormAlert text={`${t('account.events.loadFailed')} ${apiErrorText(events.error, t)}`} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void events.refetch()}
          >
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {events.data?.length === 0 ? (
        <p className={formStyles.text}>{t('account.events.empty')}</p>
      ) : null}
      {events.data && events.data.length > 0 ? (
        <ul className={styles.list} aria-label={t('account.events.listLabel')}>
          {events.data.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function EventItem({ event }: { event: AccountEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const device = useDeviceName(event);
  return (
    <li className={styles.item}>
      <div>
        <p className={styles.device}>{t(`account.events.kinds.${event.kind}`)}</p>
        <p className={styles.times}>
          {t('account.events.details', {
            at: format.dateTime(event.at),
            device,
            network: event.ipRange ?? t('account.events.unknownNetwork'),
          })}
        </p>
      </div>
    </li>
  );
}
