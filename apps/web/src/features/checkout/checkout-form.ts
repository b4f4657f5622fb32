// The checkout form's values: what the shopper types, prefilled from their account.
import { KENYA_COUNTIES, type User } from '@soko/contract';

export const DELIVERY_FIELDS = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'middleName', label: 'Middle Name', autoComplete: 'additional-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'county', label: 'County', autoComplete: 'address-level1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'postalcode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'phoneNumber', label: 'Phone Number', autoComplete: 'tel' },
] as const;

export type DeliveryFieldName = (typeof DELIVERY_FIELDS)[number]['name'];
export type DeliveryValues = Record<DeliveryFieldName, string>;

export const DEFAULT_COUNTRY = 'Kenya';

export function emptyDeliveryValues(): DeliveryValues {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    country: DEFAULT_COUNTRY,
    county: '',
    city: '',
    address: '',
    postalcode: '',
    phoneNumber: '',
  };
}

/** The county of the account's address `state`, matched case-insensitively; '' if not one. */
export function countyOf(state: string | undefined): string {
  const wanted = (state ?? '').trim().toLowerCase();
  return KENYA_COUNTIES.find((county) => county.toLowerCase() === wanted) ?? '';
}

/** What the signed-in account knows: names and its address {street, city, state, zip}. */
export function accountValues(user: User): Partial<DeliveryValues> {
  const address = user.address;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    address: address?.street ?? '',
    city: address?.city ?? '',
    county: countyOf(address?.state),
    postalcode: address?.zip ?? '',
  };
}

/** Fills the fields the shopper has left empty; what they typed stays. */
export function fillEmpty(values: DeliveryValues, from: Partial<DeliveryValues>): DeliveryValues {
  const next = { ...values };
  for (const field of DELIVERY_FIELDS) {
    const value = from[field.name]?.trim();
    if (value && !next[field.name].trim()) next[field.name] = value;
  }
  return next;
}
