import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlainAlert, PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainField } from '../../../components/plain/plain-field.tsx';
import { PlainResult } from '../../../components/plain/plain-result.tsx';
import { PlainSteps } from '../../../components/plain/plain-steps.tsx';
import { usePlainForm } from '../../../components/plain/use-plain-form.ts';
import { useForgePassword } from '../api/forge-password.ts';
import { PageTitle } from '../components/page-title.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { authRules } from '../form-rules.ts';
import { carryRedirect } from '../use-complete-sign-in.ts';
import { useFirstScreenReleased } from '../../../lib/first-screen.ts';

type Verified = { phone: string; smsCode: string };
type NewPassword = { password: string; confirmPassword: string };
type Step = 0 | 1 | 2;

const submitted = (event: { preventDefault: () => void }, then: () => void) => {
  event.preventDefault();
  then();
};

/**
 * Spec §2 /user/alteration, the forgotten password in three steps: the phone and its SMS code, the
 * new password twice, done. The server checks the code with the new password (there is no separate
 * check of the code), so a wrong code is told at the second step, with the way back to the first.
 */
export function AlterationPage() {
  useFirstScreenReleased();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const forge = useForgePassword();
  const verifyRules = authRules<Verified>(t);
  const verifyForm = usePlainForm('alteration', { phone: '', smsCode: '' }, { rules: { phone: verifyRules.phone, smsCode: verifyRules.smsCode }, checkOnBlur: ['phone'] });
  const passwordRules = authRules<NewPassword>(t);
  const passwordForm = usePlainForm('alterationPassword', { password: '', confirmPassword: '' }, {
    rules: { password: passwordRules.newPassword, confirmPassword: passwordRules.confirmPassword('password') },
    dependsOn: { confirmPassword: 'password' },
  });
  const toLogin = `/user/login${carryRedirect(search)}`;

  const onVerify = () => {
    const values = verifyForm.validate();
    if (!values) return;
    setVerified({ phone: values.phone.trim(), smsCode: values.smsCode.trim() });
    setStep(1);
  };

  const onPassword = () => {
    const values = passwordForm.validate();
    if (!verified || !values) return;
    forge.run({ ...verified, ...values }, () => setStep(2));
  };

  const back = () => {
    forge.reset();
    setStep(0);
  };

  return (
    <>
      <PageTitle>{t('auth.alteration.title')}</PageTitle>
      <PlainSteps current={step} titles={[t('auth.alteration.stepVerify'), t('auth.alteration.stepPassword'), t('auth.alteration.stepDone')]} />
      {/* hidden, not unmounted, after the first step: going back finds the number, the code and the resend countdown as they were */}
      <div hidden={step !== 0}>
        <form name="alteration" noValidate onSubmit={(event) => submitted(event, onVerify)}>
          <p style={{ marginTop: 0 }}>{t('auth.alteration.verifyIntro')}</p>
          <PlainField field={verifyForm.field('phone')} label={t('auth.fields.phone')} autoComplete="tel" inputMode="tel" />
          <SmsCodeField form={verifyForm} purpose="reset" phoneName="phone" codeName="smsCode" />
          <PlainButton type="submit" variant="primary" block data-testid="alteration-next">
            {t('auth.alteration.next')}
          </PlainButton>
        </form>
      </div>
      {step === 1 && (
        <form name="alterationPassword" noValidate onSubmit={(event) => submitted(event, onPassword)}>
          {forge.error && <PlainAlert type="error" data-testid="alteration-error">{forge.error.message}</PlainAlert>}
          <PasswordFields form={passwordForm} label={t('auth.alteration.newPassword')} />
          <div style={{ display: 'flex', gap: 8 }}>
            <PlainButton onClick={back} style={{ flex: 1 }} data-testid="alteration-back">
              {t('auth.alteration.back')}
            </PlainButton>
            <PlainButton type="submit" variant="primary" loading={forge.pending} style={{ flex: 2 }} data-testid="alteration-submit">
              {t('auth.alteration.submit')}
            </PlainButton>
          </div>
        </form>
      )}
      {step === 2 && (
        <PlainResult
          title={t('auth.alteration.doneTitle')}
          description={t('auth.alteration.doneDescription')}
          extra={
            <PlainButton variant="primary" onClick={() => void navigate(toLogin)} data-testid="alteration-sign-in">
              {t('auth.alteration.signIn')}
            </PlainButton>
          }
        />
      )}
      {step !== 2 && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={toLogin}>{t('auth.alteration.backToLogin')}</Link>
        </div>
      )}
    </>
  );
}
