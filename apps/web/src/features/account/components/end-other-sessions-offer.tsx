import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { accountEventsKey } from '../api/get-account-events';
import { useSessions } from '../api/get-sessions';

/**
 * Shown after a change to how the account signs in (a factor, the recovery codes, the address): if
 * someone else got in before the change, their session would outlive it, so the owner is offered
 * to log out every other device at once. Nothing is shown when there is no other device.
 */
export function EndOtherSessionsOffer({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  // Shown (afresh) for each change just made: the activity list further down has a new event.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: accountEventsKey });
  }, [queryClient]);

  // The focus stays where the change left it (the new recovery codes, say): the offer comes next
  // in the tab order, right after the change's own message.
  if (endOthers.isSuccess) return <FormStatus>{t('account.endOthersOffer.done')}</FormStatus>;
  if (others === 0) return null;
  return (
    <div role="group" aria-labelledby={titleId}>
      <p id={titleId} className={formStyles.text}>
        <strong>{t('account.endOthersOffer.title')}</strong>{' '}
        {t('account.endOthersOffer.text', { count: others })}
      </p>
      <FormAlert text={endOthers.error ? apiErrorText(endOthers.error, t) : null} />
      <div className={formStyles.actions}>
        <button
          type="button"
          className="button button--primary"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? t('account.devices.busy') : t('account.endOthersOffer.end')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          {t('account.endOthersOffer.notNow')}
        </button>
      </div>
    </div>
  );
}
