import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { apiErrorText } from '../../../lib/api-error-text';
import { useProfile } from '../../../lib/api/get-profile';

/** Renders `children` with the profile once it is there; loading and failure states until then. */
export function WithProfile({ children }: { children: (profile: ProfileResponse) => ReactNode }) {
  const { t } = useTranslation();
  const { data: profile, error, isFetching, refetch } = useProfile();
  if (profile) return children(profile);
  if (error && !isFetching) {
    return (
      <div>
        <FormAlert text={`${t('account.loadFailed')} ${apiErrorText(error, t)}`} />
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('account.retry')}
        </button>
      </div>
    );
  }
  return <p role="status">{t('account.loading')}</p>;
}
