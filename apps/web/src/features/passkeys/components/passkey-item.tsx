import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RenamePasskeyRequestSchema, type Passkey } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { TextField } from '../../../components/form/text-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { formResolver, useSubmitError } from '../../../lib/form-validation';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { passkeyErrorText } from '../../../lib/passkey-error-text';
import styles from './passkeys.module.css';

const resolver = formResolver(RenamePasskeyRequestSchema);

type Mode = 'view' | 'rename' | 'confirmRemove';

/** One passkey: its name and dates, renamed in place, removed after a confirmation. */
export function PasskeyItem({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [mode, setMode] = useState<Mode>('view');
  const remove = useRemovePasskey();
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const previous = useRef<Mode>('view');

  // The focus follows the step: into the confirmation, and back to the button that opened a step.
  useEffect(() => {
    if (mode === 'confirmRemove') confirmButton.current?.focus();
    if (mode === 'view' && previous.current === 'rename') renameButton.current?.focus();
    if (mode === 'view' && previous.current === 'confirmRemove') removeButton.current?.focus();
    previous.current = mode;
  }, [mode]);

  const times = passkey.lastUsedAt
    ? t('passkeys.times', {
        created: format.dateTime(passkey.createdAt),
        lastUsed: format.dateTime(passkey.lastUsedAt),
      })
    : t('passkeys.timesNeverUsed', { created: format.dateTime(passkey.createdAt) });

  return (
    <li className={styles.item}>
      <div className={styles.summary}>
        <div>
          <p className={styles.name}>{passkey.name}</p>
          <p className={styles.times}>{times}</p>
        </div>
        {mode === 'view' ? (
          <div className={styles.buttons}>
            <button
              ref={renameButton}
              type="button"
              className="button button--secondary"
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
              onClick={() => setMode('rename')}
            >
              {t('passkeys.rename')}
            </button>
            <button
              ref={removeButton}
              type="button"
              className="button button--secondary"
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              onClick={() => setMode('confirmRemove')}
            >
              {t('passkeys.remove')}
            </button>
          </div>
        ) : null}
      </div>
      {mode === 'rename' ? <RenameForm passkey={passkey} onDone={() => setMode('view')} /> : null}
      {mode === 'confirmRemove' ? (
        <div className={styles.add}>
          <p className={styles.name}>{t('passkeys.confirmRemove', { name: passkey.name })}</p>
          <FormAlert text={remove.error ? apiErrorText(remove.error, t) : null} />
          <div className={styles.buttons}>
            <button
              ref={confirmButton}
              type="button"
              className="button button--primary"
              disabled={remove.isPending}
              onClick={() => remove.mutate(passkey.id, { onSuccess: onRemoved })}
            >
              {remove.isPending ? t('passkeys.removing') : t('passkeys.confirmRemoveButton')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setMode('view')}
            >
              {t('passkeys.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const form = useForm({ resolver, defaultValues: { name: passkey.name } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;

  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const submit = handleSubmit((input) =>
    submitError.attempt(async () => {
      await rename.mutateAsync({ id: passkey.id, name: input.name });
      onDone();
    }),
  );

  return (
    <form
      method="post"
      className={styles.add}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <FormAlert text={passkeyErrorText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('passkeys.newName', { name: passkey.name })}
        autoComplete="off"
        registration={register('name')}
        error={errors.name}
      />
      <div className={styles.buttons}>
        <button type="submit" className="button button--primary" disabled={rename.isPending}>
          {rename.isPending ? t('passkeys.saving') : t('passkeys.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
