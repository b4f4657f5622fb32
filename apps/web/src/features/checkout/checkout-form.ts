// The checkout form's values: what the shopper types, prefilled from their account.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  KENYA_COUNTIES,
  type CheckoutScreenInput,
  type CheckoutScreenValues,
  type User,
} from '@soko/contract';

// The middle name and the postal code may be left empty (decision 027); their labels say so.
// Each label is `checkout.field.<name>` in the message files (decision 049).
export const DELIVERY_FIELDS = [
  { name: 'firstName', autoComplete: 'given-name' },
  {
    name: 'middleName',
    autoComplete: 'additional-name',
    optional: true,
  },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'country', autoComplete: 'country-name' },
  { name: 'county', autoComplete: 'address-level1' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'address', autoComplete: 'street-address' },
  {
    name: 'postalcode',
    autoComplete: 'postal-code',
    optional: true,
  },
  { name: 'phoneNumber', autoComplete: 'tel' },
] as const;

export type DeliveryFieldName = (typeof DELIVERY_FIELDS)[number]['name'];

// The buyer's KRA PIN for a business purchase, printed on the receipts (decision 045), is
// optional, so a business buyer can claim the VAT: its label is `checkout.kraPin`.
export type CheckoutFormApi = UseFormReturn<CheckoutScreenInput, unknown, CheckoutScreenValues>;

export const DEFAULT_COUNTRY = 'Kenya';

/** A blank form (spec section 4: after the final checkout, only a signed-in email stays). */
export function emptyCheckoutValues(email: string | null): Partial<CheckoutScreenInput> {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    country: DEFAULT_COUNTRY,
    city: '',
    address: '',
    postalcode: '',
    phoneNumber: '',
    email: email ?? '',
    buyerKraPin: '',
  };
}

/** The county of the account's address `state`, matched case-insensitively; '' if not one. */
export function countyOf(state: string | undefined): string {
  const wanted = (state ?? '').trim().toLowerCase();
  return KENYA_COUNTIES.find((county) => county.toLowerCase() === wanted) ?? '';
}

/**
 * What the signed-in account knows: names, its address {street, city, state, zip}, and its
 * phone once verified (an unverified number may be a typo: the shopper types it here instead).
 */
export function accountValues(user: User): Partial<Record<DeliveryFieldName, string>> {
  const address = user.address;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    address: address?.street ?? '',
    city: address?.city ?? '',
    county: countyOf(address?.state),
    postalcode: address?.zip ?? '',
    phoneNumber: user.phoneVerified && user.phone ? user.phone : '',
  };
}

/**
 * The signed-in shopper's email is the account's (shown, not typed), and the fields they left
 * empty take the account's values; what they typed stays. The account may arrive after the page
 * opened (the profile call answers later), so this follows it.
 */
export function useAccountPrefill(form: CheckoutFormApi, user: User | null): void {
  const { getValues, setValue } = form;
  useEffect(() => {
    setValue('email', user?.email ?? '');
    if (!user) return;
    const known = accountValues(user);
    for (const field of DELIVERY_FIELDS) {
      const value = known[field.name]?.trim();
      if (value && !String(getValues(field.name) ?? '').trim()) {
        // The county comes from KENYA_COUNTIES (countyOf), so it is a valid choice.
        setValue(field.name, value as CheckoutScreenInput[typeof field.name]);
      }
    }
  }, [user, getValues, setValue]);
}
