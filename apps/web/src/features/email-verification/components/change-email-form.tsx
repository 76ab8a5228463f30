import { Fragment, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChangeEmailRequestSchema, type ProfileResponse } from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { profileKey } from '../../../lib/query-keys';
import { changeEmail } from '../api/change-email';
import { ResendLinkButton } from './resend-link-button';
import styles from './email-verification.module.css';

const resolver = formResolver(ChangeEmailRequestSchema);
const EMPTY = { email: '', currentPassword: '' };

/**
 * The account's address: whether it is verified, a new one waiting for its link, and the form
 * that asks for a change (the new address takes over once its mailed link is opened).
 */
export function ChangeEmailForm({
  profile,
  headingId,
  afterChange,
}: {
  profile: ProfileResponse;
  headingId: string;
  /** What follows a change asked for (the offer to log out other devices). */
  afterChange: (dismiss: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Changes asked for since `afterChange` was last dismissed; each shows it afresh.
  const [changes, setChanges] = useState(0);
  const form = useForm({ resolver, defaultValues: EMPTY });
  const submitError = useSubmitError(form);
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const submit = form.handleSubmit((request) =>
    submitError.attempt(async () => {
      setSentTo(null);
      const updated = await changeEmail(request);
      queryClient.setQueryData(profileKey, updated);
      // The password does not stay in the page longer than needed.
      reset(EMPTY);
      setSentTo(request.email);
      setChanges((n) => n + 1);
    }),
  );

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={formStyles.heading}>
        {t('emailVerification.change.title')}
      </h2>
      <p className={styles.text}>
        {t('emailVerification.change.current', { email: profile.email })}{' '}
        <strong>
          {profile.emailVerified
            ? t('emailVerification.change.verified')
            : t('emailVerification.change.unverified')}
        </strong>
      </p>
      {profile.pendingEmail ? (
        <p className={styles.text}>
          {t('emailVerification.change.pending', {
            email: profile.pendingEmail,
            current: profile.email,
          })}
        </p>
      ) : null}
      {profile.pendingEmail || !profile.emailVerified ? (
        <ResendLinkButton email={profile.pendingEmail ?? profile.email} />
      ) : null}
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('emailVerification.change.newEmail')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label={t('emailVerification.change.currentPassword')}
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('emailVerification.change.submit')}
          busyLabel={t('emailVerification.change.busy')}
        />
        <FormStatus>
          {sentTo === null ? null : t('emailVerification.change.sent', { email: sentTo })}
        </FormStatus>
      </div>
      {changes > 0 ? <Fragment key={changes}>{afterChange(() => setChanges(0))}</Fragment> : null}
    </form>
  );
}
