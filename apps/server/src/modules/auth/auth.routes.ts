import {
  botChallengeSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageSchema,
  phoneCodeRequestBodySchema,
  phoneCodeRequestResponseSchema,
  phoneSignInBodySchema,
  resetPasswordBodySchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { AuthService } from './auth.service.js';
import type { BotCheck } from './bot-check.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { PhoneSignInService } from './phone-sign-in.service.js';

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  passwordResetService: PasswordResetService;
  phoneSignInService: PhoneSignInService;
  botCheck: BotCheck;
}> = async (app, { authService, passwordResetService, phoneSignInService, botCheck }) => {
  app.post(
    '/auth/login',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        description:
          'Answers a session token for active administrators and inspectors. Wrong password and unknown email ' +
          'answer alike; repeated failures lock the account and the address for a growing time (429).',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => authService.login(request.body.email, request.body.password, originOf(request)),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['auth'],
        summary: 'End the current session (revokes its token)',
        response: { 200: messageSchema, ...errorResponses(401) },
      },
    },
    async (request) => authService.logout(requireAuth(request), originOf(request)),
  );

  app.get(
    '/auth/me',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: authService.currentUser(requireAuth(request)) }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset code by email',
        security: [],
        description:
          'Always answers 200 with the same body, whether or not an account uses the email; when an active ' +
          'administrator or inspector does, a 6-digit code valid for 10 minutes is emailed. At most one code a ' +
          'minute and five an hour per address (429 with Retry-After, for unknown addresses alike).',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => passwordResetService.requestCode(request.body.email, originOf(request)),
  );

  app.post(
    '/auth/verify-otp',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Trade a password reset code for a reset token',
        security: [],
        description:
          'The code works once; five wrong tries end it. The reset token answered is single use and valid ' +
          'for 15 minutes.',
        body: verifyOtpBodySchema,
        response: { 200: verifyOtpResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) =>
      passwordResetService.verifyCode(request.body.email, request.body.code, originOf(request)),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        security: [],
        description:
          'Applies the password policy, ends every session of the account and does not sign in: the ' +
          'person signs in with the new password.',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) =>
      passwordResetService.resetPassword(request.body.token, request.body.password, originOf(request)),
  );

  app.get(
    '/auth/altcha/challenge',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work bot-check challenge (ALTCHA v1, SHA-256)',
        security: [],
        description:
          'Find n ≤ maxnumber with SHA-256(salt + n) = challenge and send base64(JSON { algorithm, challenge, ' +
          'number, salt, signature }) as `altcha`. A challenge expires after 5 minutes and is accepted once.',
        response: { 200: botChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return botCheck.challenge();
    },
  );

  app.post(
    '/auth/phone/request-code',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a sign-in code by SMS (needs a solved bot check)',
        security: [],
        description:
          'Answers the same for every number; an SMS code valid for 10 minutes goes only to the phone of an ' +
          'active administrator or inspector. The code is bound to the answered requestId. Limits: one code ' +
          'a minute and five an hour per number (429).',
        body: phoneCodeRequestBodySchema,
        response: { 200: phoneCodeRequestResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) =>
      phoneSignInService.requestCode(request.body.phone, request.body.altcha, originOf(request)),
  );

  app.post(
    '/auth/phone/verify',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the SMS code',
        security: [],
        description: 'Answers the same session as the email sign-in. Five wrong tries end the code.',
        body: phoneSignInBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) =>
      phoneSignInService.signIn(
        request.body.phone,
        request.body.code,
        request.body.requestId,
        originOf(request),
      ),
  );
};
