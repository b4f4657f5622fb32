import type {
  Address,
  AuthResponse,
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  PhoneAnswer,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  StartPhoneBody,
  UpdateProfileBody,
  User,
  VerifyPhoneBody,
} from '@soko/contract';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client';

export function signinRequest(body: SigninBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/signin', body);
}

export function signupRequest(body: SignupBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/signup', body);
}

export function updateAddressRequest(address: Address): Promise<User> {
  return apiPut<User>('/api/user/address', address);
}

export function updateProfileRequest(body: UpdateProfileBody): Promise<User> {
  return apiPut<User>('/api/user/profile', body);
}

/** Answers a fresh token: the server revokes every older one. */
export function changePasswordRequest(body: ChangePasswordBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/password', body);
}

export function deleteAccountRequest(body: DeleteAccountBody): Promise<{ deleted: true }> {
  return apiDelete<{ deleted: true }>('/api/user/profile', body);
}

/** The same answer for every email: whether it has an account never shows. */
export function forgotPasswordRequest(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return apiPost<ForgotPasswordResponse>('/api/user/password/forgot', body);
}

/** Sets the password from a mailed link; answers a fresh session (every older one ends). */
export function resetPasswordRequest(body: ResetPasswordBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/password/reset', body);
}

/** Sets the account's number (unverified) and texts it a code; again to resend. */
export function startPhoneRequest(body: StartPhoneBody): Promise<PhoneAnswer> {
  return apiPost<PhoneAnswer>('/api/user/phone', body);
}

export function verifyPhoneRequest(body: VerifyPhoneBody): Promise<PhoneAnswer> {
  return apiPost<PhoneAnswer>('/api/user/phone/verify', body);
}

export function removePhoneRequest(): Promise<PhoneAnswer> {
  return apiDelete<PhoneAnswer>('/api/user/phone');
}
