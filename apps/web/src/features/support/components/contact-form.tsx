import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  paths,
  SUPPORT_TICKET_LIMITS,
  SUPPORT_TICKET_TYPES,
  SupportTicketRequestSchema,
  type SupportTicketRequest,
  type SupportTicketResponse,
  type SupportTicketType,
} from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useProfile } from '../../../lib/api/get-profile';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { useIsSignedIn } from '../../../lib/session';
import { createTicket } from '../api/create-ticket';
import { TextAreaField } from './text-area-field';
import styles from './contact-form.module.css';

/**
 * The topic starts unchosen; the schema wants one of the five
 * (docs/product/care.md#support-tickets).
 */
type ContactValues = Omit<SupportTicketRequest, 'supportTicketType' | 'reference'> & {
  supportTicketType: SupportTicketType | '';
  reference: string;
};

const resolver = formResolver<typeof SupportTicketRequestSchema, ContactValues>(
  SupportTicketRequestSchema,
);

export interface ContactFormProps {
  /** From the address (`/contact?topic=…&reference=…`), so other pages can link to a prepared form. */
  initialTopic?: SupportTicketType;
  initialReference?: string;
  /** Put the focus on the first field (a second message: the button that asked for it is gone). */
  focusOnMount?: boolean;
  onSent: (ticket: SupportTicketResponse & { email: string }) => void;
}

/** The support ticket form; a signed-in user's email and name are filled in from the profile. */
export function ContactForm({
  initialTopic,
  initialReference = '',
  focusOnMount = false,
  onSent,
}: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const signedIn = useIsSignedIn();
  const cached = useProfile().data;
  const profile = signedIn ? cached : undefined;

  const values = useMemo<ContactValues>(
    () => ({
      supportTicketType: initialTopic ?? '',
      email: profile?.email ?? '',
      name: [profile?.firstName, profile?.lastName].filter(Boolean).join(' '),
      reference: initialReference,
      description: '',
    }),
    [initialTopic, initialReference, profile],
  );
  // The profile may arrive after the user started typing: what they typed is kept.
  const form = useForm({ resolver, values, resetOptions: { keepDirtyValues: true } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (focusOnMount) setFocus('supportTicketType');
  }, [focusOnMount, setFocus]);

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      const { ticketNumber } = await createTicket(request);
      onSent({ ticketNumber, email: request.email });
    }),
  );

  const topics = SUPPORT_TICKET_TYPES.map((topic) => ({
    value: topic,
    label: t(`support.topics.${topic}`),
  }));

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      {signedIn ? <p className={styles.note}>{t('support.form.signedIn')}</p> : null}
      <SelectField
        label={t('support.form.topic')}
        placeholder={t('support.form.topicPlaceholder')}
        options={topics}
        registration={register('supportTicketType')}
        error={errors.supportTicketType}
      />
      <TextField
        label={t('support.form.name')}
        autoComplete="name"
        registration={register('name')}
        error={errors.name}
      />
      <TextField
        label={t('support.form.email')}
        type="email"
        autoComplete="email"
        hint={t('support.form.emailHint')}
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label={t('support.form.reference')}
        hint={t('support.form.referenceHint')}
        registration={register('reference')}
        error={errors.reference}
      />
      <TextAreaField
        label={t('support.form.description')}
        hint={t('support.form.descriptionHint', {
          min: SUPPORT_TICKET_LIMITS.descriptionMin,
          max: SUPPORT_TICKET_LIMITS.descriptionMax.toLocaleString(i18n.language),
        })}
        rows={8}
        registration={register('description')}
        error={errors.description}
      />
      <p className={styles.note}>
        <Trans
          i18nKey="support.form.privacy"
          components={{ privacy: <Link to={paths.privacyPolicy} /> }}
        />
      </p>
      <div className={formStyles.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('support.form.submit')}
          busyLabel={t('support.form.busy')}
        />
      </div>
    </form>
  );
}
