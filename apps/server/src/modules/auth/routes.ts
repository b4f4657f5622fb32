import {
  problemText,
  PROBLEM_TEXTS,
  authResponseSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  updateAddressBodySchema,
  updateProfileBodySchema,
  userSchema,
} from '@soko/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../platform/access';
import { networkKey } from '../../platform/client-key';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { runPeriodically } from '../../platform/periodic';
import type { Outbox } from '../messages';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS, knownDeviceMark } from './known-device';
import {
  changePassword,
  deleteAccount,
  getProfile,
  signIn,
  signUp,
  updateAddress,
  updateProfile,
  type TokenSettings,
} from './service';
import { requestLocale } from '../../platform/request-locale';
import { senderNameOf } from '../messages';
import { dataRightsKey } from '../data-rights';
import { mailResetLink, resetPassword, sweepResetLinks } from './password-reset';
import { registerPhoneRoutes } from './phone-routes';
import { signInLimits } from './sign-in-limits';

const MINUTE_MS = 60_000;
const errors = {
  ...errorResponses,
  401: errorResponses[400],
  409: errorResponses[400],
};

/** The signed-in caller (the route's access rule guarantees one). */
function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  return request.caller;
}

function tooManyAttempts(reply: FastifyReply, waitSeconds: number): AppError {
  void reply.header('retry-after', String(waitSeconds));
  const wait =
    waitSeconds < 120 ? `${waitSeconds} seconds` : `${Math.ceil(waitSeconds / 60)} minutes`;
  return new AppError(429, 'rate_limited', problemText('tooManySignIns', { wait }), {
    details: { retryAfterSeconds: waitSeconds },
  });
}

const isWrongPassword = (error: unknown) =>
  error instanceof AppError && error.code === 'invalid_credentials';

export function registerAuthRoutes(app: App, ctx: AppContext, outbox: Outbox): void {
  const { db, config, attempts } = ctx;
  const settings: TokenSettings = {
    jwtSecret: config.jwtSecret ?? '',
    tokenLifetimeSeconds: config.tokenLifetimeSeconds,
    passwordHashCost: config.passwordHashCost,
  };
  const limits = config.rateLimits;
  const secure = config.publicUrl.startsWith('https:');
  const signInLimit = signInLimits(attempts, config, settings.jwtSecret);
  const dataKey = dataRightsKey(settings.jwtSecret);

  app.post(
    '/api/user/signup',
    {
      config: { access: 'public', rateLimit: { max: limits.publicWrites, timeWindow: MINUTE_MS } },
      schema: {
        tags: ['accounts'],
        summary: 'Create a customer account; the new user is signed in (201)',
        body: signupBodySchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(db, request.body, settings)),
  );

  app.post(
    '/api/user/signin',
    {
      config: {
        access: 'public',
        rateLimit: { max: limits.signinPerClient, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in: a token (exp in seconds) and the user with its role',
        body: signinBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const gate = await signInLimit.admit(email, request.ip, request.cookies[KNOWN_DEVICE_COOKIE]);
      if ('waitSeconds' in gate) throw tooManyAttempts(reply, gate.waitSeconds);
      const result = await signIn(db, email, request.body.password, settings).catch(
        async (error: unknown) => {
          await gate.settle(isWrongPassword(error) ? 'wrong-password' : 'error');
          throw error;
        },
      );
      await gate.settle('signed-in');
      void reply.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceMark(settings.jwtSecret, email), {
        // Sent with sign-in calls only; nothing else has a use for it.
        path: '/api/user/signin',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
      });
      return result;
    },
  );

  // Mailing a reset link runs after the answer, so nothing about it (whether the email has an
  // account, how long that took) can show in the answer. Closing waits for links being mailed.
  const mailing = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(mailing);
  });
  runPeriodically(app, 'reset link sweep', 60 * MINUTE_MS, () => sweepResetLinks(db));
  const resetDeps = {
    db,
    outbox,
    attempts,
    perEmailPerHour: limits.passwordResetsPerEmail,
  };

  app.post(
    '/api/user/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary:
          'Ask for a password reset link by email; the same 202 answer whether or not the email has an account',
        body: forgotPasswordBodySchema,
        response: { 202: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const wait = await attempts.hit(
        `password-forgot:${networkKey(settings.jwtSecret, request.ip)}`,
        limits.passwordResetsPerAddress,
        15 * MINUTE_MS,
      );
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new AppError(
          429,
          'rate_limited',
          problemText('tooManyResetRequests', { minutes: Math.ceil(wait / 60) }),
          { details: { retryAfterSeconds: wait } },
        );
      }
      const tenant = await ctx.tenants.forRequest(request);
      const email = request.body.email;
      const work = Promise.all([
        senderNameOf(db, tenant),
        ctx.tenants.siteFor(request, config.publicUrl),
      ])
        .then(([senderName, site]) =>
          mailResetLink(resetDeps, email, {
            senderName,
            site,
            locale: requestLocale(request.cookies),
          }),
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'mailing a reset link failed'))
        .finally(() => mailing.delete(work));
      mailing.add(work);
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/api/user/password/reset',
    {
      config: {
        access: 'public',
        rateLimit: { max: limits.signinPerClient, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the token from a reset link; signs in and ends every earlier session',
        body: resetPasswordBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await resetPassword(db, request.body.token, request.body.password, settings);
      app.forgetAccount(result.user._id);
      return result;
    },
  );

  registerPhoneRoutes(app, ctx, outbox);

  app.get(
    '/api/user/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, with the products of their orders',
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => getProfile(db, callerOf(request).id),
  );

  app.put(
    '/api/user/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Change the signed-in user’s names',
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateProfile(db, callerOf(request).id, request.body),
  );

  app.put(
    '/api/user/address',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Save the signed-in user’s delivery address',
        body: updateAddressBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateAddress(db, callerOf(request).id, request.body),
  );

  app.post(
    '/api/user/password',
    {
      config: {
        access: 'signed-in',
        rateLimit: { max: limits.signinPerClient, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (the current one required); older tokens stop working',
        body: changePasswordBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const result = await changePassword(
        db,
        caller.id,
        request.body.currentPassword,
        request.body.newPassword,
        settings,
      );
      app.forgetAccount(caller.id);
      return result;
    },
  );

  app.delete(
    '/api/user/profile',
    {
      config: {
        access: 'signed-in',
        rateLimit: { max: limits.signinPerClient, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['accounts'],
        summary:
          'Delete the account (the password required); orders stay with personal fields cleared',
        body: deleteAccountBodySchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await deleteAccount(db, caller.id, request.body.password, dataKey);
      app.forgetAccount(caller.id);
      return { deleted: true as const };
    },
  );
}
