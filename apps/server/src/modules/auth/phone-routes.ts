// /api/user/phone: add a number (a code is texted to it), verify it with the code, remove it.
import {
  PROBLEM_TEXTS,
  PHONE_TEXTS,
  phoneAnswerSchema,
  startPhoneBodySchema,
  verifyPhoneBodySchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/access';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { requestLocale } from '../../platform/request-locale';
import { senderNameOf, type Outbox } from '../messages';
import { removePhone, startPhoneVerification, verifyPhoneCode, type PhoneDeps } from './phone';

const MINUTE_MS = 60_000;
const errors = { ...errorResponses, 401: errorResponses[400], 429: errorResponses[400] };

function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  return request.caller;
}

export function registerPhoneRoutes(app: App, ctx: AppContext, outbox: Outbox): void {
  const { db, config, attempts } = ctx;
  const deps: PhoneDeps = {
    db,
    outbox,
    attempts,
    secret: config.jwtSecret ?? '',
    codesPerHour: config.rateLimits.phoneCodesPerAccount,
  };
  // Guessing is bounded by the code's 5 tries; this bounds the calls themselves.
  const rateLimit = { max: config.rateLimits.signinPerClient, timeWindow: MINUTE_MS };

  app.post(
    '/api/user/phone',
    {
      config: { access: 'signed-in', rateLimit },
      schema: {
        tags: ['accounts'],
        summary:
          'Set the account’s mobile number (unverified) and text it a 6-digit code; again to resend',
        body: startPhoneBodySchema,
        response: { 200: phoneAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const senderName = await senderNameOf(db, await ctx.tenants.forRequest(request));
      const { user, codeSent } = await startPhoneVerification(
        deps,
        callerOf(request).id,
        request.body.phone,
        { senderName, locale: requestLocale(request.cookies) },
      );
      const phone = user.phone ?? '';
      return {
        user,
        message: codeSent ? PHONE_TEXTS.codeSent(phone) : PHONE_TEXTS.alreadyVerified,
      };
    },
  );

  app.post(
    '/api/user/phone/verify',
    {
      config: { access: 'signed-in', rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Verify the account’s number with the code texted to it (10 minutes, 5 tries)',
        body: verifyPhoneBodySchema,
        response: { 200: phoneAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      user: await verifyPhoneCode(deps, callerOf(request).id, request.body.code),
      message: PHONE_TEXTS.verified,
    }),
  );

  app.delete(
    '/api/user/phone',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Remove the account’s mobile number',
        response: { 200: phoneAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      user: await removePhone(db, callerOf(request).id),
      message: PHONE_TEXTS.removed,
    }),
  );
}
