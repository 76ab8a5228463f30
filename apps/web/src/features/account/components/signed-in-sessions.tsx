import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@pictura/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useDeviceName } from './device-name';
import styles from './signed-in-sessions.module.css';

/**
 * The devices signed in to the account, the current one marked; any other can be signed out at
 * once, or all of them but this one (a lost phone, a shared computer).
 */
export function SignedInSessions({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const failure = endOne.error ?? endOthers.error;

  return (
    <section className={formStyles.form} aria-labelledby={headingId} aria-busy={sessions.isPending}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('account.devices.title')}
      </h2>
      <p className={formStyles.text}>{t('account.devices.text')}</p>
      {sessions.isPending ? <p role="status">{t('account.devices.loading')}</p> : null}
      {sessions.error && !sessions.isFetching ? (
        <div>
          <FormAlert
            text={`${t('account.devices.loadFailed')} ${apiErrorText(sessions.error, t)}`}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void sessions.refetch()}
          >
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {sessions.data ? (
        <ul className={styles.list}>
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={endOne.isPending && endOne.variables === session.id}
              onEnd={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      ) : null}
      <FormAlert text={failure ? apiErrorText(failure, t) : null} />
      <FormStatus>{endOthers.isSuccess ? t('account.devices.othersEnded') : null}</FormStatus>
      {others.length > 0 ? (
        <div className={formStyles.actions}>
          <button
            type="button"
            className={`button button--secondary ${formStyles.submit}`}
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {endOthers.isPending ? t('account.devices.busy') : t('account.devices.endOthers')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function SessionItem({
  session,
  busy,
  onEnd,
}: {
  session: AccountSession;
  busy: boolean;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const device = useDeviceName(session);
  return (
    <li className={styles.item}>
      <div>
        <p className={styles.device}>
          {device}
          {session.current ? (
            <span className={styles.current}>{t('account.devices.current')}</span>
          ) : null}
        </p>
        <p className={styles.times}>
          {t('account.devices.times', {
            signedIn: format.dateTime(session.signedInAt),
            lastUsed: format.dateTime(session.lastUsedAt),
          })}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={t('account.devices.endLabel', { device })}
          onClick={onEnd}
        >
          {busy ? t('account.devices.busy') : t('account.devices.end')}
        </button>
      )}
    </li>
  );
}
