import { z } from 'zod';
import { CheckoutBillingFields, type ProfileResponse } from '@pictura/contract';

/**
 * The billing part of the checkout and deposit forms: the contract's fields
 * (docs/product/api.md#request-fields). Not strict: each form adds its own fields next to these.
 */
export const CheckoutBillingSchema = z.object(CheckoutBillingFields);
export type CheckoutBilling = z.output<typeof CheckoutBillingSchema>;

export const BILLING_FIELD_NAMES = [
  'firstName',
  'lastName',
  'country',
  'address1',
  'city',
  'state',
  'zipCode',
] as const;
export type BillingFieldName = (typeof BILLING_FIELD_NAMES)[number];

/**
 * What the form holds while being filled in: text everywhere, the agreement a plain boolean, and
 * whether to keep the name and address in the profile for the next time (never sent with the order).
 */
export type BillingValues = Record<BillingFieldName, string> & {
  agreedToPP_TOS: boolean;
  saveDetails: boolean;
};

/** The form's checks with the save box beside the contract's billing fields. */
export const BillingFormSchema = CheckoutBillingSchema.extend({ saveDetails: z.boolean() });
export type BillingFormOutput = z.output<typeof BillingFormSchema>;

/**
 * The form's values from the stored profile (billing information page); blanks where unknown. The
 * save box starts ticked while the profile has no address yet, and unticked once it has one, so a
 * change typed for one order does not replace the stored address unasked.
 */
export function billingValuesFrom(profile: ProfileResponse | null): BillingValues {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    country: profile?.country ?? '',
    address1: profile?.address1 ?? '',
    city: profile?.city ?? '',
    state: profile?.state ?? '',
    zipCode: profile?.zipCode ?? '',
    agreedToPP_TOS: false,
    saveDetails: !profile?.country,
  };
}

/** A shopper's name and billing address, as the profile keeps them. */
export type BillingDetails = Omit<CheckoutBilling, 'agreedToPP_TOS'>;

/** The name and address a shopper typed; an empty state is left out, as the billing form does. */
function billingDetails(values: BillingFormOutput): BillingDetails {
  const { firstName, lastName, country, city, address1, state, zipCode } = values;
  const details = { firstName, lastName, country, city, address1, zipCode };
  return state ? { ...details, state } : details;
}

/**
 * Keeps the typed details in the profile when the save box is ticked. Awaited before the order or
 * deposit is sent, and a failure is swallowed: it must not keep anyone from paying.
 */
export async function saveDetailsIfAsked(
  values: BillingFormOutput,
  save: (details: BillingDetails) => Promise<void>,
): Promise<void> {
  if (values.saveDetails) await save(billingDetails(values)).catch(() => undefined);
}

/** The request's billing part: the details and the agreement (the save box is the form's own). */
export function billingRequest(values: BillingFormOutput): CheckoutBilling {
  return { ...billingDetails(values), agreedToPP_TOS: values.agreedToPP_TOS };
}
