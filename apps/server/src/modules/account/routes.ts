import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@portal/shared/api';
import {
  forgePasswordRequestSchema,
  loginResultSchema,
  normalisePhone,
  phoneLoginRequestSchema,
  registerRequestSchema,
  registerResultSchema,
  smsRequestSchema,
  smsResultSchema,
  USERNAME_PATTERN,
  userInfoSchema,
} from '@portal/shared/sys';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { getQuery } from '../../lib/query.ts';
import { hashPassword, isStrongPassword } from '../../lib/passwords.ts';
import { caller } from '../../plugins/auth.ts';
import { clearFailures, logLogin } from '../auth/login-repository.ts';
import { clientMeta, completeSignIn } from '../auth/sign-in.ts';
import { findUserById, toUserInfo } from '../user/repository.ts';
import { createSmsGateway, type SmsGateway } from '../sms/sms-gateway.ts';
import { createMerchant, findUserByPhone, phoneTaken, resetPassword, usernameTaken } from './account-repository.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import {
  checkCode,
  consumeCode,
  forgetCode,
  issueCode,
  newSmsCode,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_ADDRESS_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_RESEND_SECONDS,
  smsCodeHasher,
} from './sms-codes.ts';

const PUBLIC = { permission: 'public' } as const;

/** the code was used (or expired) between its check and the transaction */
class CodeSpentError extends Error {}
/** the first line against floods of SMS requests, before any database work (the real limits are counted in the database) */
const SMS_RATE_PER_MINUTE = 10;

/**
 * The public account pages (issue 3): SMS codes, sign-in by phone, registration of a new merchant,
 * password reset by phone, and the caller's own user info.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ smsGateway?: SmsGateway }> = async (app, options) => {
  const db = app.database.db;
  const gateway = options.smsGateway ?? createSmsGateway(app.settings, app.log);
  if (!app.settings.SMS_CODE_SECRET && app.database.kind === 'postgres') {
    app.log.warn('SMS_CODE_SECRET is not set: each app server keys SMS codes with its own random secret, so a code is only accepted by the server that sent it');
  }
  const hasher = smsCodeHasher(app.settings.SMS_CODE_SECRET ?? randomBytes(32).toString('hex'));
  const signInRate = { max: app.settings.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' };

  /** The canonical number, or 400 with a message saying which forms are accepted. */
  const phoneOf = (raw: string) => {
    const phone = normalisePhone(raw);
    if (!phone) throw badRequest('phoneInvalid');
    return phone;
  };

  const checkNewPassword = (password: string, confirmPassword: string) => {
    if (password !== confirmPassword) throw badRequest('passwordMismatch');
    if (!isStrongPassword(password)) throw badRequest('passwordWeak');
  };

  const minutes = Math.round(SMS_CODE_TTL_SECONDS / 60);

  app.post(
    '/account/sms',
    {
      config: { access: PUBLIC, rateLimit: { max: SMS_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: `Send a 6-digit code by SMS for purpose login, register or reset (valid ${minutes} min). One per number per ${SMS_RESEND_SECONDS} s, ${SMS_MAX_PER_PHONE_PER_DAY} per number per day, ${SMS_MAX_PER_ADDRESS_PER_HOUR} per client address per hour. For login and reset an unknown number answers like a known one (no SMS is sent); for register a number already used is 409.`,
        body: smsRequestSchema,
        response: { 200: envelopeSchema(smsResultSchema.nullable()) },
      },
    },
    async (request) => {
      const phone = phoneOf(request.body.phone);
      const { purpose } = request.body;
      let recipient: boolean;
      if (purpose === 'register') {
        if (await phoneTaken(db, phone)) throw conflict('phoneTaken');
        recipient = true;
      } else {
        recipient = (await findUserByPhone(db, phone)) !== undefined;
      }

      // a number without an account gets a row too (with a code nobody sees): the limits then answer alike
      const code = newSmsCode();
      const outcome = await issueCode(db, { phone, purpose, codeHash: hasher(phone, purpose, code), ip: request.ip });
      switch (outcome.kind) {
        case 'tooSoon':
          return request.fail('smsTooSoon', { seconds: outcome.seconds }, 429);
        case 'dailyLimit':
          return request.fail('smsDailyLimit', { max: SMS_MAX_PER_PHONE_PER_DAY }, 429);
        case 'addressLimit':
          return request.fail('smsAddressLimit', { minutes: outcome.minutes }, 429);
      }

      const text = request.t('smsCodeText', { code, minutes });
      const result = { resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
      if (purpose === 'register') {
        // registration already says whether the number is free, so it may say whether the SMS left
        try {
          await gateway.send(phone, text);
        } catch (error) {
          request.log.error({ err: error }, 'SMS gateway failed');
          await forgetCode(db, outcome.id);
          throw new AppError(503, 'smsSendFailed');
        }
        return request.ok(result, 'smsSent', { minutes });
      }
      // sign-in and reset must not tell a known number from an unknown one, not even by the time a
      // provider takes or by its failures: the message leaves in the background
      if (recipient) {
        void Promise.resolve()
          .then(() => gateway.send(phone, text))
          .catch((error: unknown) => request.log.error({ err: error }, 'SMS gateway failed'));
      }
      return request.ok(result, 'smsSentIfKnown', { minutes });
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['session'],
        summary: 'Sign in with a phone number and the SMS code sent for purpose login. Body {mobile, captcha} (jeecg names: captcha is the SMS code). Answers like /sys/login.',
        body: phoneLoginRequestSchema,
        response: { 200: envelopeSchema(loginResultSchema.nullable()) },
      },
    },
    async (request) => {
      const phone = phoneOf(request.body.mobile);
      const id = await checkCode(db, hasher, { phone, purpose: 'login', code: request.body.captcha });
      // a number without an account has only codes nobody saw: it fails here like a wrong code
      const user = id === null || !(await consumeCode(db, id)) ? undefined : await findUserByPhone(db, phone);
      if (!user) {
        await logLogin(db, { username: phone, success: false, reason: 'bad sms code', ...clientMeta(request) });
        return request.fail('smsCodeInvalid', undefined, 400);
      }
      return completeSignIn(app, request, user);
    },
  );

  app.post(
    '/auth/register',
    {
      config: { access: PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['account'],
        summary:
          'Register a new merchant: its tenant (named companyName), built-in roles, root department A01 and main account (merchant_admin). Needs the SMS code sent for purpose register. Username or number already used: 409.',
        body: registerRequestSchema,
        response: { 200: envelopeSchema(registerResultSchema.nullable()) },
      },
    },
    async (request) => {
      const { companyName, username, smsCode, password, confirmPassword } = request.body;
      if (!USERNAME_PATTERN.test(username)) throw badRequest('usernameInvalid');
      const phone = phoneOf(request.body.phone);
      checkNewPassword(password, confirmPassword);
      if (await usernameTaken(db, username)) throw conflict('usernameTaken');
      if (await phoneTaken(db, phone)) throw conflict('phoneTaken');

      const codeId = await checkCode(db, hasher, { phone, purpose: 'register', code: smsCode });
      if (codeId === null) return request.fail('smsCodeInvalid', undefined, 400);
      const passwordHash = await hashPassword(password);
      let created: { tenantId: number };
      try {
        // one transaction: the code is used up only if the whole merchant exists, and the other way round
        created = await db.transaction(async (tx) => {
          const scoped = tx as unknown as Db;
          if (!(await consumeCode(scoped, codeId))) throw new CodeSpentError();
          return createMerchant(scoped, { companyName, username, phone, passwordHash, language: request.lang });
        });
      } catch (error) {
        if (error instanceof CodeSpentError) return request.fail('smsCodeInvalid', undefined, 400);
        // another registration took the name or number between the checks above and the insert
        const constraint = violatedConstraint(error);
        if (constraint === 'sys_user_username_uq') throw conflict('usernameTaken');
        if (constraint === 'sys_user_phone_uq') throw conflict('phoneTaken');
        throw error;
      }
      return request.ok({ tenantId: created.tenantId, username }, 'registerSuccess');
    },
  );

  app.post(
    '/auth/forge-password',
    {
      config: { access: PUBLIC, rateLimit: signInRate },
      schema: {
        tags: ['account'],
        summary: 'Reset a forgotten password with the SMS code sent for purpose reset; every session of the account is signed out. An unknown number fails like a wrong code.',
        body: forgePasswordRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { smsCode, password, confirmPassword } = request.body;
      const phone = phoneOf(request.body.phone);
      checkNewPassword(password, confirmPassword);
      const codeId = await checkCode(db, hasher, { phone, purpose: 'reset', code: smsCode });
      const user = codeId === null ? undefined : await findUserByPhone(db, phone);
      if (codeId === null || !user) return request.fail('smsCodeInvalid', undefined, 400);
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const scoped = tx as unknown as Db;
        if (!(await consumeCode(scoped, codeId))) return false;
        await resetPassword(scoped, user.id, passwordHash);
        return true;
      });
      if (!done) return request.fail('smsCodeInvalid', undefined, 400);
      await app.accessService.publish({ kind: 'user', userId: user.id });
      await clearFailures(db, user.username.toLowerCase());
      return request.ok(null, 'passwordReset');
    },
  );

  app.get(
    '/user/info',
    {
      config: { access: { permission: 'authenticated', tenant: 'caller' } },
      schema: {
        tags: ['user'],
        summary: "The caller's user info (as in the sign-in answer)",
        querystring: getQuery({}),
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (request) => {
      const user = await findUserById(db, caller(request).userId);
      if (!user) throw notFound();
      return request.ok(toUserInfo(user));
    },
  );
};
