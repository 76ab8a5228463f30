import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMAIL_VERIFICATION_LINK_PARAMS } from '@pictura/contract';
import { Page } from '../../components/page';
import { UndoEmailChange } from '../../features/email-verification/components/undo-email-change';

/** /undo-email-change?user={id}&token={token} (open): the link mailed to the old address. */
export default function UndoEmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('emailVerification.undo.title')} intro={t('emailVerification.undo.intro')}>
      <UndoEmailChange
        user={params.get(EMAIL_VERIFICATION_LINK_PARAMS.user)}
        token={params.get(EMAIL_VERIFICATION_LINK_PARAMS.token)}
      />
    </Page>
  );
}
