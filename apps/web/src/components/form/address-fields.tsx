import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styles from './address-fields.module.css';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';

export type AddressFieldName = 'country' | 'address1' | 'city' | 'zipCode' | 'state';

interface AddressFieldsProps {
  register: (name: AddressFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<AddressFieldName, FieldError>>;
  /** Every country named in the active language. */
  countries: readonly SelectOption[];
}

/**
 * The billing address of docs/product/api.md#request-fields (country, address1, city, zipCode,
 * state), as the account's billing information and the checkout and deposit forms all ask for it.
 */
export function AddressFields({ register, errors, countries }: AddressFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('account.billing.country')}
        placeholder={t('account.billing.chooseCountry')}
        options={countries}
        autoComplete="country"
        registration={register('country')}
        error={errors.country}
      />
      <TextField
        label={t('account.billing.address1')}
        autoComplete="address-line1"
        registration={register('address1')}
        error={errors.address1}
      />
      <div className={styles.pair}>
        <TextField
          label={t('account.billing.city')}
          autoComplete="address-level2"
          registration={register('city')}
          error={errors.city}
        />
        <TextField
          label={t('account.billing.zipCode')}
          autoComplete="postal-code"
          registration={register('zipCode')}
          error={errors.zipCode}
        />
      </div>
      <TextField
        label={t('account.billing.state')}
        autoComplete="address-level1"
        registration={register('state')}
        error={errors.state}
      />
    </>
  );
}
