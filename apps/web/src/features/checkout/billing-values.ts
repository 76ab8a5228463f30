import { z } from 'zod';
import { CheckoutBillingFields, type ProfileResponse } from '@pictura/contract';

/**
 * The billing part of the checkout and deposit forms: the contract's fields (seed-spec section 3).
 * Not strict: each form adds its own fields next to these.
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

/** What the form holds while being filled in: text everywhere, the agreement a plain boolean. */
export type BillingValues = Record<BillingFieldName, string> & { agreedToPP_TOS: boolean };

/** The form's values from the stored profile (billing information page); blanks where unknown. */
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
  };
}

/** The request's billing part: an empty optional state is left out, as the billing form does. */
export function billingRequest({ state, ...rest }: CheckoutBilling): CheckoutBilling {
  return state ? { ...rest, state } : rest;
}
