import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import {
  forgePasswordRequestSchema,
  loginResultSchema,
  phoneLoginRequestSchema,
  registerRequestSchema,
  registerResultSchema,
  smsRequestSchema,
  smsResultSchema,
  userInfoSchema,
} from '@portal/shared/sys';
import { z } from 'zod';
import { getQuery } from '../../lib/query.ts';
import { caller, duringPasswordChange, PUBLIC } from '../../plugins/auth.ts';
import { clientMeta, signInSettingsOf } from '../auth/login/service.ts';
import { createSmsGateway, type SmsGateway } from '../sms/provider.ts';
import { register, resetForgottenPassword, signInWithPhone, sendSmsCode, SMS_CODE_MINUTES, userInfo, type AccountSettings } from './service.ts';
import { SMS_MAX_PER_ADDRESS_PER_HOUR, SMS_MAX_PER_PHONE_PER_DAY, SMS_RESEND_SECONDS, smsCodeHasher } from './sms-code/service.ts';

/** the first line against floods of SMS requests, before any database work (the real limits are counted in the database) */
const SMS_RATE_PER_MINUTE = 10;

/**
 * The public account pages: SMS codes, sign-in by phone, registration of a new merchant,
 * password reset by phone, and the caller's own user info.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ smsGateway?: SmsGateway }> = async (app, options) => {
  const db = app.database.db;
  if (!app.settings.SMS_CODE_SECRET && app.database.kind === 'postgres') {
    app.log.warn('SMS_CODE_SECRET is not set: each app server keys SMS codes with its own random secret, so a code is only accepted by the server that sent it');
  }
  const settings: AccountSettings = {
    ...signInSettingsOf(app),
    access: app.accessService,
    gateway: options.smsGateway ?? createSmsGateway(app.settings, app.log),
    hasher: smsCodeHasher(app.settings.SMS_CODE_SECRET ?? randomBytes(32).toString('hex')),
  };
  const signInRate = { max: app.settings.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' };
  const minutes = SMS_CODE_MINUTES;

  app.post(
    '/account/sms',
    {
      config: { ...PUBLIC, rateLimit: { max: SMS_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: `Send a 6-digit code by SMS for purpose login, register or reset (valid ${minutes} min). One per number per ${SMS_RESEND_SECONDS} s, ${SMS_MAX_PER_PHONE_PER_DAY} per number per day, ${SMS_MAX_PER_ADDRESS_PER_HOUR} per client address per hour. For login and reset an unknown number answers like a known one (no SMS is sent); for register a number already used is 409.`,
        body: smsRequestSchema,
        response: { 200: envelopeSchema(smsResultSchema.nullable()) },
      },
    },
    async (request) => {
      const outcome = await sendSmsCode(settings, { ip: request.ip, lang: request.lang, log: request.log }, request.body);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(outcome.sent, outcome.message, { minutes });
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { ...PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['session'],
        summary: 'Sign in with a phone number and the SMS code sent for purpose login. Body {mobile, captcha} (jeecg names: captcha is the SMS code). Answers like /sys/login.',
        body: phoneLoginRequestSchema,
        response: { 200: envelopeSchema(loginResultSchema.nullable()) },
      },
    },
    async (request) => {
      const outcome = await signInWithPhone(settings, clientMeta(request), request.lang, request.body);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(outcome.signedIn, 'loginSuccess');
    },
  );

  app.post(
    '/auth/register',
    {
      config: { ...PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['account'],
        summary:
          'Register a new merchant: its tenant (named companyName), built-in roles, root department A01 and main account (merchant_admin). Needs the SMS code sent for purpose register. Username or number already used: 409.',
        body: registerRequestSchema,
        response: { 200: envelopeSchema(registerResultSchema.nullable()) },
      },
    },
    async (request) => {
      const outcome = await register(settings, request.lang, request.body);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(outcome.registered, 'registerSuccess');
    },
  );

  app.post(
    '/auth/forge-password',
    {
      config: { ...PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['account'],
        summary: 'Reset a forgotten password with the SMS code sent for purpose reset; every session of the account is signed out. An unknown number fails like a wrong code.',
        body: forgePasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const outcome = await resetForgottenPassword(settings, request.body);
      return 'refused' in outcome ? request.fail(...outcome.refused) : request.ok(null, 'passwordReset');
    },
  );

  app.get(
    '/user/info',
    {
      config: duringPasswordChange,
      schema: {
        tags: ['user'],
        summary: "The caller's user info (as in the sign-in answer), passwordChangeRequired included",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (request) => request.ok(await userInfo(db, caller(request).userId)),
  );
};
