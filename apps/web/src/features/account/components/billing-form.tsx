import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UpdateBillingRequestSchema, type ProfileResponse } from '@pictura/contract';
import { AddressFields } from '../../../components/form/address-fields';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver } from '../../../lib/form-validation';
import { currentLocale } from '../../../lib/i18n';
import { updateBilling } from '../api/update-billing';
import { countryOptions } from '../countries';
import { AccountFormActions, useAccountSubmit } from './account-form';

const resolver = formResolver(UpdateBillingRequestSchema);

/** The billing address (used for invoices and filled in at checkout). */
export function BillingForm({ profile }: { profile: ProfileResponse }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const busy = useAccount((state) => state.loading.updateBilling);
  const values = useMemo(
    () => ({
      country: profile.country ?? '',
      city: profile.city ?? '',
      address1: profile.address1 ?? '',
      state: profile.state ?? '',
      zipCode: profile.zipCode ?? '',
    }),
    [profile.country, profile.city, profile.address1, profile.state, profile.zipCode],
  );
  // `values` follows the stored profile; what the user is typing is kept when it changes.
  const form = useForm({ resolver, values, resetOptions: { keepDirtyValues: true } });
  const { submit, submitError, done } = useAccountSubmit(form, updateBilling);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <AddressFields register={register} errors={errors} countries={countries} />
      <AccountFormActions
        busy={busy}
        label={t('account.billing.submit')}
        busyLabel={t('account.billing.busy')}
        status={done ? t('account.billing.saved') : null}
      />
    </form>
  );
}
