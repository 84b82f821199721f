import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@portal/shared/languages';
import { formatMessage } from '@portal/shared/messages';
import {
  normalisePhone,
  USERNAME_PATTERN,
  type forgePasswordRequestSchema,
  type phoneLoginRequestSchema,
  type registerRequestSchema,
  type smsRequestSchema,
  type UserInfo,
} from '@portal/shared/sys';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isStrongPassword } from '@portal/shared/password-rule';
import { hashPassword } from '../../lib/passwords.ts';
import type { AccessService } from '../auth/access/service.ts';
import { clearFailures, logLogin } from '../auth/login/repository.ts';
import { completeSignIn, refuse, type Client, type LoginResult, type Refused, type SignInSettings } from '../auth/login/service.ts';
import type { SmsGateway } from '../sms/provider.ts';
import { findUserById, findUserByPhone, toUserInfo } from '../auth/user/repository.ts';
import { replacePassword } from '../system/my-account/service.ts';
import { consumeCode, forgetCode } from './sms-code/repository.ts';
import { refuseTakenAccount, registerMerchant, takenAccountOf } from '../system/tenant/service.ts';
import {
  checkCode,
  issueCode,
  newSmsCode,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_RESEND_SECONDS,
  type SmsCodeHasher,
} from './sms-code/service.ts';

/** What the account pages need besides the caller: the database, the SMS gateway, the code hasher, the session opener. */
export type AccountSettings = SignInSettings & { gateway: SmsGateway; hasher: SmsCodeHasher; access: AccessService };

/** the code was used (or expired) between its check and the transaction */
class CodeSpentError extends Error {}

export const SMS_CODE_MINUTES = Math.round(SMS_CODE_TTL_SECONDS / 60);

/** The canonical number, or 400 with a message saying which forms are accepted. */
function phoneOf(raw: string): string {
  const phone = normalisePhone(raw);
  if (!phone) throw badRequest('phoneInvalid');
  return phone;
}

function checkNewPassword(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) throw badRequest('passwordMismatch');
  if (!isStrongPassword(password)) throw badRequest('passwordWeak');
}

export type SmsSent = { sent: { resendAfter: number; expiresIn: number }; message: 'smsSent' | 'smsSentIfKnown' };

/**
 * A code by SMS. For login and reset an unknown number answers like a known one; for register a
 * number already used is 409.
 */
export async function sendSmsCode(
  settings: AccountSettings,
  client: { ip: string; lang: Language; log: FastifyBaseLogger },
  input: z.infer<typeof smsRequestSchema>,
): Promise<SmsSent | Refused> {
  const { db, gateway } = settings;
  const phone = phoneOf(input.phone);
  const { purpose } = input;
  let recipient: boolean;
  if (purpose === 'register') {
    await refuseTakenAccount(db, phone);
    recipient = true;
  } else {
    recipient = (await findUserByPhone(db, phone)) !== undefined;
  }

  // a number without an account gets a row too (with a code nobody sees): the limits then answer alike
  const code = newSmsCode();
  const outcome = await issueCode(db, { phone, purpose, codeHash: settings.hasher(phone, purpose, code), ip: client.ip });
  switch (outcome.kind) {
    case 'tooSoon':
      return refuse('smsTooSoon', { seconds: outcome.seconds }, 429);
    case 'dailyLimit':
      return refuse('smsDailyLimit', { max: SMS_MAX_PER_PHONE_PER_DAY }, 429);
    case 'addressLimit':
      return refuse('smsAddressLimit', { minutes: outcome.minutes }, 429);
  }

  const text = formatMessage(client.lang, 'smsCodeText', { code, minutes: SMS_CODE_MINUTES });
  const sent = { resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
  if (purpose === 'register') {
    // registration already says whether the number is free, so it may say whether the SMS left
    try {
      await gateway.send(phone, text);
    } catch (error) {
      client.log.error({ err: error }, 'SMS gateway failed');
      await forgetCode(db, outcome.id);
      throw new AppError(503, 'smsSendFailed');
    }
    return { sent, message: 'smsSent' };
  }
  // sign-in and reset must not tell a known number from an unknown one, not even by the time a
  // provider takes or by its failures: the message leaves in the background
  if (recipient) {
    void Promise.resolve()
      .then(() => gateway.send(phone, text))
      .catch((error: unknown) => client.log.error({ err: error }, 'SMS gateway failed'));
  }
  return { sent, message: 'smsSentIfKnown' };
}

/** Sign-in with a phone number and the SMS code sent for purpose login. */
export async function signInWithPhone(
  settings: AccountSettings,
  client: Client,
  lang: Language,
  input: z.infer<typeof phoneLoginRequestSchema>,
): Promise<{ signedIn: LoginResult } | Refused> {
  const { db } = settings;
  const phone = phoneOf(input.mobile);
  const id = await checkCode(db, settings.hasher, { phone, purpose: 'login', code: input.captcha });
  // a number without an account has only codes nobody saw: it fails here like a wrong code
  const user = id === null || !(await consumeCode(db, id)) ? undefined : await findUserByPhone(db, phone);
  if (!user) {
    await logLogin(db, { username: phone, success: false, reason: 'bad sms code', ...client });
    return refuse('smsCodeInvalid', undefined, 400);
  }
  return completeSignIn(settings, client, lang, user);
}

/** A new merchant (tenant, built-in roles, root department, main account), with the SMS code sent for purpose register. */
export async function register(
  settings: AccountSettings,
  lang: Language,
  input: z.infer<typeof registerRequestSchema>,
): Promise<{ registered: { tenantId: number; username: string } } | Refused> {
  const { db } = settings;
  const { companyName, username, smsCode, password, confirmPassword } = input;
  if (!USERNAME_PATTERN.test(username)) throw badRequest('usernameInvalid');
  const phone = phoneOf(input.phone);
  checkNewPassword(password, confirmPassword);
  await refuseTakenAccount(db, phone, username);

  const codeId = await checkCode(db, settings.hasher, { phone, purpose: 'register', code: smsCode });
  if (codeId === null) return refuse('smsCodeInvalid', undefined, 400);
  const passwordHash = await hashPassword(password);
  let created: { tenantId: number };
  try {
    // one transaction: the code is used up only if the whole merchant exists, and the other way round
    created = await db.transaction(async (scoped) => {
      if (!(await consumeCode(scoped, codeId))) throw new CodeSpentError();
      return registerMerchant(scoped, { companyName, username, phone, passwordHash, language: lang });
    });
  } catch (error) {
    if (error instanceof CodeSpentError) return refuse('smsCodeInvalid', undefined, 400);
    throw takenAccountOf(error);
  }
  return { registered: { tenantId: created.tenantId, username } };
}

/** A forgotten password, reset with the SMS code sent for purpose reset: every session of the account ends. */
export async function resetForgottenPassword(settings: AccountSettings, input: z.infer<typeof forgePasswordRequestSchema>): Promise<{ reset: true } | Refused> {
  const { db } = settings;
  const { smsCode, password, confirmPassword } = input;
  const phone = phoneOf(input.phone);
  checkNewPassword(password, confirmPassword);
  const codeId = await checkCode(db, settings.hasher, { phone, purpose: 'reset', code: smsCode });
  const user = codeId === null ? undefined : await findUserByPhone(db, phone);
  if (codeId === null || !user) return refuse('smsCodeInvalid', undefined, 400);
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (scoped) => {
    if (!(await consumeCode(scoped, codeId))) return false;
    await replacePassword(scoped, user.id, passwordHash, null);
    return true;
  });
  if (!done) return refuse('smsCodeInvalid', undefined, 400);
  await settings.access.publish({ kind: 'user', userId: user.id });
  await clearFailures(db, user.username.toLowerCase());
  return { reset: true };
}

/** The caller's user info, as the sign-in answer gives it. */
export async function userInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return toUserInfo(user);
}
