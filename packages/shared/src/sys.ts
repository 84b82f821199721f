import { z } from 'zod';
import type { Texts } from './languages.ts';

/** Requests and answers of the session and user calls (spec §3, §7). */
export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realname: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  superFlag: z.number().int(),
  orgCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number().int(),
  /** the tenant the user works in by default */
  tenantId: z.number().int(),
  mainAccount: z.boolean(),
  /** an administrator reset the password: the user must change it before the portal answers anything else */
  passwordChangeRequired: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const departSchema = z.object({
  id: z.number().int(),
  orgCode: z.string(),
  departName: z.string(),
  parentId: z.number().int().nullable(),
});
export type Depart = z.infer<typeof departSchema>;

export const tenantSchema = z.object({ id: z.number().int(), name: z.string() });

export const dictOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  label: z.string(),
  title: z.string(),
  color: z.string().nullable(),
});
export type DictOption = z.infer<typeof dictOptionSchema>;
export const allDictItemsSchema = z.record(z.string(), z.array(dictOptionSchema));

export const loginResultSchema = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
  sysAllDictItems: allDictItemsSchema,
  departs: z.array(departSchema),
  /** 0: no department, 1: one, 2: several (the client then asks which) */
  multi_depart: z.number().int(),
  tenantList: z.array(tenantSchema),
});

export type LoginResult = z.infer<typeof loginResultSchema>;

export const authEntrySchema = z.object({
  action: z.string(),
  describe: z.string(),
  /** '1' hide when not granted, '2' disable when not granted */
  type: z.string(),
  /** '1' the rule is in force, '0' switched off (everyone passes) */
  status: z.string(),
});
export type AuthEntry = z.infer<typeof authEntrySchema>;

export type MenuEntry = {
  id: number;
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  /** '0' means: not a route */
  route: '0' | '1';
  meta: {
    /** a translation key (menu-titles.ts) */
    title: string;
    /** an administrator's title in the three languages, which wins over the key's translation */
    titles?: Texts | null;
    icon: string | null;
    url: string | null;
    keepAlive: boolean;
    internalOrExternal: boolean;
    permissionList: AuthEntry[];
  };
  children?: MenuEntry[];
};

export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().nullable(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    route: z.enum(['0', '1']),
    meta: z.object({
      title: z.string(),
      titles: z.object({ 'zh-TW': z.string(), 'zh-CN': z.string(), 'en-US': z.string() }).nullable().optional(),
      icon: z.string().nullable(),
      url: z.string().nullable(),
      keepAlive: z.boolean(),
      internalOrExternal: z.boolean(),
      permissionList: z.array(authEntrySchema),
    }),
    children: z.array(menuEntrySchema).optional(),
  }),
).meta({ id: 'MenuEntry' });

export const permissionResultSchema = z.object({
  menu: z.array(menuEntrySchema),
  auth: z.array(authEntrySchema),
  allAuth: z.array(authEntrySchema),
  /**
   * The path of every page of the menu catalogue, whoever asks (not secret: the web bundle names them): the
   * browser tells a page the user may not open (403) from a path that does not exist (404).
   */
  allPages: z.array(z.string()),
});

/** Spec §5 messages for missing fields come from the server's message keys. */
export const updatePasswordFields = ['username', 'oldpassword', 'password', 'confirmpassword'] as const;

export const selectDepartRequestSchema = z.strictObject({
  orgCode: z.string().max(64),
  username: z.string().max(64),
});

/* Public account pages: SMS codes, sign-in by phone, registration, forgotten password. */

export const SMS_PURPOSES = ['login', 'register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export { normalisePhone, USERNAME_PATTERN } from './account-rule.ts';

export const smsRequestSchema = z.strictObject({
  phone: z.string().max(40),
  purpose: z.enum(SMS_PURPOSES),
});

export const smsResultSchema = z.object({
  /** seconds before another code may be asked for this number */
  resendAfter: z.number().int(),
  /** seconds the code stays valid */
  expiresIn: z.number().int(),
});

/** jeecg's names: mobile and captcha (the SMS code). */
export const phoneLoginRequestSchema = z.strictObject({
  mobile: z.string().max(40),
  captcha: z.string().trim().min(1).max(16),
});

export const registerRequestSchema = z.strictObject({
  companyName: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(64),
  phone: z.string().max(40),
  smsCode: z.string().trim().min(1).max(16),
  password: z.string().min(1).max(128),
  confirmPassword: z.string().min(1).max(128),
});

export const registerResultSchema = z.object({ tenantId: z.number().int(), username: z.string() });

export const forgePasswordRequestSchema = z.strictObject({
  phone: z.string().max(40),
  smsCode: z.string().trim().min(1).max(16),
  password: z.string().min(1).max(128),
  confirmPassword: z.string().min(1).max(128),
});
