import { describe, expect, it } from 'vitest';
import {
  authResponseSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  isTokenExpired,
  resetPasswordBodySchema,
  roleSchema,
  signinBodySchema,
  signupBodySchema,
  tokenPayloadSchema,
  updateAddressBodySchema,
  updateProfileBodySchema,
} from './auth';

const signup = {
  firstName: ' Wanjiku ',
  lastName: 'Kamau',
  email: 'wanjiku@mail.co.ke',
  password: 'long enough',
};

describe('signupBodySchema', () => {
  it('accepts the spec payload and trims names', () => {
    expect(signupBodySchema.parse(signup).firstName).toBe('Wanjiku');
  });

  it('rejects a role smuggled into the body', () => {
    const result = signupBodySchema.safeParse({ ...signup, role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('requires every field', () => {
    for (const field of Object.keys(signup)) {
      const body = Object.fromEntries(Object.entries(signup).filter(([key]) => key !== field));
      expect(signupBodySchema.safeParse(body).success).toBe(false);
    }
    expect(signupBodySchema.safeParse({ ...signup, lastName: '   ' }).success).toBe(false);
  });

  it('wants a password of 8 to 200 characters', () => {
    expect(signupBodySchema.safeParse({ ...signup, password: 'short12' }).success).toBe(false);
    expect(signupBodySchema.safeParse({ ...signup, password: 'x'.repeat(201) }).success).toBe(
      false,
    );
    expect(signupBodySchema.safeParse({ ...signup, password: 'x'.repeat(200) }).success).toBe(true);
  });

  it('checks the email with the spec rule', () => {
    expect(signupBodySchema.safeParse({ ...signup, email: 'wanjiku@mail' }).success).toBe(false);
  });
});

describe('signinBodySchema', () => {
  it('accepts email and any non-empty password', () => {
    expect(signinBodySchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(signinBodySchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(
      signinBodySchema.safeParse({ email: 'a@b.co', password: 'x', remember: true }).success,
    ).toBe(false);
  });
});

describe('profile bodies', () => {
  it('updates names only', () => {
    expect(updateProfileBodySchema.safeParse({ firstName: 'Amina' }).success).toBe(true);
    expect(updateProfileBodySchema.safeParse({ role: 'admin' }).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ email: 'x@y.zz' }).success).toBe(false);
  });

  it('takes a whole address whose parts may be empty', () => {
    const address = { street: 'Moi Avenue 1', city: 'Nairobi', state: '', zip: '00100' };
    expect(updateAddressBodySchema.parse(address)).toEqual(address);
    expect(updateAddressBodySchema.safeParse({ ...address, country: 'Kenya' }).success).toBe(false);
    expect(updateAddressBodySchema.safeParse({ street: 'x' }).success).toBe(false);
    expect(updateAddressBodySchema.safeParse({ ...address, city: 'x'.repeat(201) }).success).toBe(
      false,
    );
  });

  it('changes a password only with a new one of 8 or more characters', () => {
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: 'new-password' })
        .success,
    ).toBe(true);
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: 'short' }).success,
    ).toBe(false);
    expect(deleteAccountBodySchema.safeParse({ password: 'x' }).success).toBe(true);
    expect(deleteAccountBodySchema.safeParse({ password: 'x', userId: 'y' }).success).toBe(false);
  });
});

describe('responses and tokens', () => {
  const user = {
    _id: '7a9b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    email: 'wanjiku@mail.co.ke',
    role: 'customer',
    address: null,
    phone: null,
    phoneVerified: false,
    orders: [{ id: 'SK-25-000001', productName: 'Aloe Vera Gel', quantity: 2 }],
  };

  it('reads the sign-in answer', () => {
    expect(authResponseSchema.parse({ token: 'a.b.c', user }).user.role).toBe('customer');
    expect(roleSchema.options).toEqual(['admin', 'owner', 'customer']);
    expect(
      authResponseSchema.safeParse({ token: 'a.b.c', user: { ...user, role: 'root' } }).success,
    ).toBe(false);
  });

  it('reads a token payload with extra claims', () => {
    const payload = tokenPayloadSchema.parse({
      exp: 1_900_000_000,
      iat: 1_800_000_000,
      user: { _id: user._id, role: 'admin' },
    });
    expect(payload.user.role).toBe('admin');
    expect(tokenPayloadSchema.safeParse({ exp: 1.5, user: payload.user }).success).toBe(false);
  });

  it('treats a token as expired from its exp second on', () => {
    expect(isTokenExpired({ exp: 1000 }, 999_999)).toBe(false);
    expect(isTokenExpired({ exp: 1000 }, 1_000_000)).toBe(true);
  });
});

describe('password reset bodies', () => {
  it('takes an email to mail a link to, and nothing else', () => {
    expect(forgotPasswordBodySchema.parse({ email: ' a@mail.co.ke ' })).toEqual({
      email: 'a@mail.co.ke',
    });
    expect(forgotPasswordBodySchema.safeParse({ email: 'nope' }).success).toBe(false);
    const extra = forgotPasswordBodySchema.safeParse({ email: 'a@mail.co.ke', userId: 'x' });
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('takes the token of the link and a new password of 8 characters or more', () => {
    const token = 'A'.repeat(43);
    expect(resetPasswordBodySchema.parse({ token, password: 'long enough' })).toEqual({
      token,
      password: 'long enough',
    });
    const short = resetPasswordBodySchema.safeParse({ token, password: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Use at least 8 characters.');
    const missing = resetPasswordBodySchema.safeParse({ token: ' ', password: 'long enough' });
    expect(missing.error?.issues[0]?.message).toBe(
      'The reset link is missing its code. Please open the whole link from the email.',
    );
    const extra = resetPasswordBodySchema.safeParse({ token, password: 'long enough', role: 'x' });
    expect(extra.success).toBe(false);
  });
});
