import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { usePasskeys } from '../api/get-passkeys';
import { useWebAuthnSupport } from '../../../lib/use-webauthn-support';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyItem } from './passkey-item';
import styles from './passkeys.module.css';

/** Account settings: the user's passkeys, each renamed or removed in place, and adding one. */
export function PasskeysSection({
  headingId,
  afterChange,
}: {
  headingId: string;
  /** What follows a passkey added or removed (the offer to log out other devices). */
  afterChange: (dismiss: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const supported = useWebAuthnSupport();
  const passkeys = usePasskeys();
  // Said once a passkey is gone, since its row (and the focus in it) leaves the page.
  const [notice, setNotice] = useState<string | null>(null);
  // Passkeys added or removed since `afterChange` was last dismissed; each shows it afresh.
  const [changes, setChanges] = useState(0);

  return (
    <section className={formStyles.form} aria-labelledby={headingId} aria-busy={passkeys.isPending}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('passkeys.title')}
      </h2>
      <p className={formStyles.text}>{t('passkeys.text')}</p>
      {passkeys.isPending ? <p role="status">{t('passkeys.loading')}</p> : null}
      {passkeys.error && !passkeys.isFetching ? (
        <div>
          <FormAlert text={`${t('passkeys.loadFailed')} ${apiErrorText(passkeys.error, t)}`} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void passkeys.refetch()}
          >
            {t('passkeys.retry')}
          </button>
        </div>
      ) : null}
      {passkeys.data?.length === 0 ? (
        <p className={formStyles.text}>{t('passkeys.empty')}</p>
      ) : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className={styles.list} aria-label={t('passkeys.listLabel')}>
          {passkeys.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRemoved={() => {
                setNotice(t('passkeys.removed', { name: passkey.name }));
                setChanges((n) => n + 1);
              }}
            />
          ))}
        </ul>
      ) : null}
      <FormStatus>{notice}</FormStatus>
      {supported ? (
        <AddPasskeyForm
          onAdded={() => {
            setNotice(null);
            setChanges((n) => n + 1);
          }}
        />
      ) : (
        <p className={formStyles.text}>{t('passkeys.unsupported')}</p>
      )}
      {changes > 0 ? <Fragment key={changes}>{afterChange(() => setChanges(0))}</Fragment> : null}
    </section>
  );
}
