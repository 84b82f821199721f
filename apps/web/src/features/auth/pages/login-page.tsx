import { useEffect, useState, type FormEvent } from 'react';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainAlert, PlainButton, PlainSpinner } from '../../../components/plain/plain-controls.tsx';
import { PlainField } from '../../../components/plain/plain-field.tsx';
import { PlainTabs, tabId, tabPanelId } from '../../../components/plain/plain-tabs.tsx';
import { usePlainForm } from '../../../components/plain/use-plain-form.ts';
import { clearNotice, pendingNotice } from '../../../lib/notice.ts';
import { useLogin } from '../api/login.ts';
import { usePhoneLogin } from '../api/phone-login.ts';
import { PageTitle } from '../components/page-title.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { ThirdPartySignIn } from '../components/third-party-sign-in.tsx';
import { authRules } from '../form-rules.ts';
import { carryRedirect, useCompleteSignIn } from '../use-complete-sign-in.ts';
import { useRevealLabels } from '../use-reveal-labels.ts';
import { useThirdTicket } from '../use-third-ticket.ts';
import { useFirstScreenReleased } from '../../../lib/first-screen.ts';

type Way = 'password' | 'phone';

const submitted = (event: FormEvent, then: () => void) => {
  event.preventDefault();
  then();
};

function PasswordForm({ notice }: { notice: string | null }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const login = useLogin();
  const complete = useCompleteSignIn();
  const reveal = useRevealLabels();
  const rules = authRules<{ username: string; password: string }>(t);
  // the registration result sends the new account here
  const form = usePlainForm('login', { username: search.get('username') ?? '', password: '' }, { rules: { username: rules.username, password: rules.password } });
  const onSubmit = () => {
    const values = form.validate();
    if (values) login.run({ username: values.username.trim(), password: values.password }, complete);
  };
  const error = login.error?.message ?? notice;
  return (
    <form name="login" noValidate onSubmit={(event) => submitted(event, onSubmit)}>
      {error && <PlainAlert type="error" data-testid="login-error">{error}</PlainAlert>}
      <PlainField field={form.field('username')} label={t('auth.fields.username')} prefix={UserOutlined} autoComplete="username" autoFocus size="large" />
      <PlainField field={form.field('password')} label={t('auth.fields.password')} prefix={LockOutlined} password revealLabels={reveal} autoComplete="current-password" size="large" />
      <PlainButton type="submit" variant="primary" size="large" block loading={login.pending} data-testid="login-submit">
        {t('auth.login.submit')}
      </PlainButton>
    </form>
  );
}

function PhoneForm() {
  const { t } = useTranslation();
  const phoneLogin = usePhoneLogin();
  const complete = useCompleteSignIn();
  const rules = authRules<{ mobile: string; captcha: string }>(t);
  const form = usePlainForm('phoneLogin', { mobile: '', captcha: '' }, { rules: { mobile: rules.phone, captcha: rules.smsCode }, checkOnBlur: ['mobile'] });
  const onSubmit = () => {
    const values = form.validate();
    if (values) phoneLogin.run({ mobile: values.mobile.trim(), captcha: values.captcha.trim() }, complete);
  };
  return (
    <form name="phoneLogin" noValidate onSubmit={(event) => submitted(event, onSubmit)}>
      {phoneLogin.error && <PlainAlert type="error" data-testid="phone-login-error">{phoneLogin.error.message}</PlainAlert>}
      <PlainField field={form.field('mobile')} label={t('auth.fields.phone')} prefix={MobileOutlined} autoComplete="tel" inputMode="tel" size="large" />
      <SmsCodeField form={form} purpose="login" phoneName="mobile" codeName="captcha" size="large" />
      <PlainButton type="submit" variant="primary" size="large" block loading={phoneLogin.pending} data-testid="phone-login-submit">
        {t('auth.login.submit')}
      </PlainButton>
    </form>
  );
}

/**
 * Spec §2 /user/login: two ways in, username and password or phone and SMS code, and the deployment's single
 * sign-on when it has one (its way back lands here with ?thirdToken= or ?thirdError=); then back to ?redirect= or home.
 */
export function LoginPage() {
  useFirstScreenReleased();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [way, setWay] = useState<Way>('password');
  // why the portal sent the user back here, if it said (请求用户信息失败，请重试！)
  const [notice] = useState(pendingNotice);
  useEffect(clearNotice, []);
  const carry = carryRedirect(search);
  const third = useThirdTicket();
  if (third.signingIn) {
    return (
      <p style={{ textAlign: 'center' }} data-testid="third-login-signing-in">
        <PlainSpinner /> {t('auth.login.thirdSigningIn')}
      </p>
    );
  }
  return (
    <>
      {/* the tabs name the two ways in; the page's heading is for screen readers */}
      <PageTitle hidden>{t('auth.login.title')}</PageTitle>
      {third.message && (
        <PlainAlert type="error" data-testid="third-login-message">
          {third.message}
        </PlainAlert>
      )}
      <PlainTabs
        idBase="login"
        active={way}
        onChange={setWay}
        tabs={[
          { key: 'password', label: t('auth.login.byPassword') },
          { key: 'phone', label: t('auth.login.byPhone') },
        ]}
      />
      <div role="tabpanel" id={tabPanelId('login', way)} aria-labelledby={tabId('login', way)}>
        {way === 'password' ? <PasswordForm notice={notice} /> : <PhoneForm />}
      </div>
      <ThirdPartySignIn redirect={search.get('redirect')} />
      <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={`/user/register${carry}`} data-testid="link-register">
          {t('auth.login.register')}
        </Link>
        <Link to={`/user/alteration${carry}`} data-testid="link-alteration">
          {t('auth.login.forgotPassword')}
        </Link>
      </nav>
    </>
  );
}
