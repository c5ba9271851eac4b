import type {
  BotChallenge,
  LoginResponse,
  PhoneCodeRequestBody,
  PhoneCodeRequestResponse,
  PhoneSignInBody,
} from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { solveBotChallenge } from '../lib/solve-bot-challenge';

const publicCall = { token: null, skipUnauthorizedHandler: true } as const;

/** GET /api/auth/altcha/challenge (public). */
export function getBotChallenge(): Promise<BotChallenge> {
  return api.get<BotChallenge>('/auth/altcha/challenge', publicCall);
}

/**
 * POST /api/auth/phone/request-code (public), after solving the invisible bot check in the page.
 */
export async function requestPhoneCode(phone: string): Promise<PhoneCodeRequestResponse> {
  const challenge = await getBotChallenge();
  const altcha = await solveBotChallenge(challenge);
  if (!altcha) throw new Error('The automatic bot check could not be solved. Reload the page and try again.');
  const body: PhoneCodeRequestBody = { phone, altcha };
  return api.post<PhoneCodeRequestResponse>('/auth/phone/request-code', body, publicCall);
}

/** POST /api/auth/phone/verify (public): the same session answer as the email sign-in. */
export function phoneSignIn(body: PhoneSignInBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/phone/verify', body, publicCall);
}

export function useRequestPhoneCode() {
  return useMutation<PhoneCodeRequestResponse, ApiError | Error, string>({
    mutationKey: ['auth', 'phone', 'request-code'],
    mutationFn: requestPhoneCode,
  });
}

export function usePhoneSignIn() {
  return useMutation<LoginResponse, ApiError, PhoneSignInBody>({
    mutationKey: ['auth', 'phone', 'verify'],
    mutationFn: phoneSignIn,
  });
}
