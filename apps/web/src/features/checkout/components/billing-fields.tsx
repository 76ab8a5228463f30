import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { AddressFields } from '../../../components/form/address-fields';
import { AgreementLabel } from '../../../components/form/agreement-label';
import { CheckboxField } from '../../../components/form/checkbox-field';
import type { SelectOption } from '../../../components/form/select-field';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import type { BillingFieldName } from '../billing-values';
import styles from './checkout.module.css';

type Errors = Partial<Record<BillingFieldName | 'agreedToPP_TOS', FieldError>>;

interface BillingFieldsProps {
  register: (name: BillingFieldName) => UseFormRegisterReturn;
  errors: Errors;
  /** Every country named in the active language (composed in by the page). */
  countries: readonly SelectOption[];
}

/** Name and billing address, prefilled from the profile, as a group with its own legend. */
export function BillingFields({ register, errors, countries }: BillingFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={formStyles.legend}>{t('checkout.billingHeading')}</legend>
      <div className={styles.pair}>
        <TextField
          label={t('checkout.firstName')}
          autoComplete="given-name"
          registration={register('firstName')}
          error={errors.firstName}
        />
        <TextField
          label={t('checkout.lastName')}
          autoComplete="family-name"
          registration={register('lastName')}
          error={errors.lastName}
        />
      </div>
      <AddressFields register={register} errors={errors} countries={countries} />
    </fieldset>
  );
}

/** Whether the name and address typed here become the profile's, for the next checkout. */
export function SaveDetailsField({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation();
  return <CheckboxField label={t('checkout.saveDetails')} registration={registration} />;
}

/** The checkout agreement (`agreedToPP_TOS`), linking both documents. */
export function AgreementField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
}) {
  return <CheckboxField label={<AgreementLabel />} registration={registration} error={error} />;
}
