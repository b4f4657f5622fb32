import type { User } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { accountValues } from './checkout-form';

const user: User = {
  _id: '5d0c1c1e-8f3a-4d1e-9c55-0a2b3c4d5e6f',
  firstName: 'Akinyi',
  lastName: 'Otieno',
  email: 'akinyi@example.com',
  role: 'customer',
  address: null,
  phone: '+254712345678',
  phoneVerified: true,
  orders: [],
};

describe('the checkout pre-filled from the account', () => {
  it('offers the account’s verified phone', () => {
    expect(accountValues(user).phoneNumber).toBe('+254712345678');
  });

  it('leaves the phone to the shopper while the number is not verified', () => {
    expect(accountValues({ ...user, phoneVerified: false }).phoneNumber).toBe('');
    expect(accountValues({ ...user, phone: null, phoneVerified: false }).phoneNumber).toBe('');
  });
});
