import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_TICKET_REPLY_MAX,
  AdminTicketReplyRequestSchema,
  type AdminTicketDetail,
} from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { FieldMessages, useFieldIds } from '../../../components/form/text-field';
import {
  fieldErrorText,
  formAlertText,
  formResolver,
  useSubmitError,
} from '../../../lib/form-validation';
import { replyToTicket } from '../api/reply-to-ticket';
import { useTicketUpdated } from '../use-ticket-updated';
import styles from './admin-support.module.css';

const resolver = formResolver(AdminTicketReplyRequestSchema);

/** The answer to a ticket, mailed to its sender in the ticket's language. */
export function ReplyForm({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation();
  const updated = useTicketUpdated();
  const form = useForm({ resolver, defaultValues: { message: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const [sent, setSent] = useState(false);
  const errorText = fieldErrorText(errors.message?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(true, errorText);

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      setSent(false);
      updated(await replyToTicket(ticket.ticketNumber, request));
      reset({ message: '' });
      setSent(true);
    }),
  );

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={controlProps.id}>
          {t('admin.support.reply.label')}
        </label>
        <textarea
          className={`${formStyles.input} ${styles.textarea}`}
          rows={8}
          maxLength={ADMIN_TICKET_REPLY_MAX}
          {...controlProps}
          {...register('message')}
        />
        <FieldMessages
          hint={t('admin.support.reply.hint', { email: ticket.email, language: ticket.locale })}
          hintId={hintId}
          errorText={errorText}
          errorId={errorId}
        />
      </div>
      <FormStatus>{sent ? t('admin.support.reply.sent') : null}</FormStatus>
      <div className={formStyles.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('admin.support.reply.submit')}
          busyLabel={t('admin.support.reply.busy')}
        />
      </div>
    </form>
  );
}
