import type { Address, AuthResponse, SigninBody, SignupBody, User } from '@soko/contract';
import { apiPost, apiPut } from '../../../lib/api-client';

export function signinRequest(body: SigninBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/signin', body);
}

export function signupRequest(body: SignupBody): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/api/user/signup', body);
}

export function updateAddressRequest(address: Address): Promise<User> {
  return apiPut<User>('/api/user/address', address);
}
