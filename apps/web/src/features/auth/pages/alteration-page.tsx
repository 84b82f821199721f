import { useState } from 'react';
import { Alert, Button, Form, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForgePassword } from '../api/forge-password.ts';
import { PageTitle } from '../components/page-title.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { carryRedirect } from '../use-complete-sign-in.ts';

type Verified = { phone: string; smsCode: string };
type Step = 0 | 1 | 2;

/**
 * Spec §2 /user/alteration, the forgotten password in three steps: the phone and its SMS code, the
 * new password twice, done. The server checks the code with the new password (there is no separate
 * check of the code), so a wrong code is told at the second step, with the way back to the first.
 */
export function AlterationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const forge = useForgePassword();
  const toLogin = `/user/login${carryRedirect(search)}`;

  const onPassword = (values: { password: string; confirmPassword: string }) => {
    if (!verified) return;
    forge.mutate({ ...verified, ...values }, { onSuccess: () => setStep(2) });
  };

  const back = () => {
    forge.reset();
    setStep(0);
  };

  return (
    <>
      <PageTitle>{t('auth.alteration.title')}</PageTitle>
      <Steps
        current={step}
        size="small"
        // titles under the numbers: three steps fit the narrow card in every language, and stay horizontal on a phone
        titlePlacement="vertical"
        responsive={false}
        style={{ marginBottom: 24 }}
        items={[{ title: t('auth.alteration.stepVerify') }, { title: t('auth.alteration.stepPassword') }, { title: t('auth.alteration.stepDone') }]}
      />
      {/* hidden, not unmounted, after the first step: going back finds the number, the code and the resend countdown as they were */}
      <div hidden={step !== 0}>
        <Form<Verified>
          name="alteration"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => {
            setVerified({ phone: values.phone.trim(), smsCode: values.smsCode.trim() });
            setStep(1);
          }}
        >
          <p style={{ marginTop: 0 }}>{t('auth.alteration.verifyIntro')}</p>
          <PhoneField name="phone" />
          <SmsCodeField purpose="reset" phoneName="phone" codeName="smsCode" formName="alteration" />
          <Button type="primary" htmlType="submit" block data-testid="alteration-next">
            {t('auth.alteration.next')}
          </Button>
        </Form>
      </div>
      {step === 1 && (
        <Form name="alterationPassword" layout="vertical" requiredMark={false} onFinish={onPassword}>
          {forge.error && <Alert type="error" showIcon title={forge.error.message} style={{ marginBottom: 16 }} data-testid="alteration-error" />}
          <PasswordFields label={t('auth.alteration.newPassword')} />
          <div style={{ display: 'flex', gap: 8 }}>
            <Button onClick={back} style={{ flex: 1 }} data-testid="alteration-back">
              {t('auth.alteration.back')}
            </Button>
            <Button type="primary" htmlType="submit" loading={forge.isPending} style={{ flex: 2 }} data-testid="alteration-submit">
              {t('auth.alteration.submit')}
            </Button>
          </div>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('auth.alteration.doneTitle')}
          subTitle={t('auth.alteration.doneDescription')}
          style={{ padding: '8px 0' }}
          extra={
            <Button type="primary" onClick={() => void navigate(toLogin)} data-testid="alteration-sign-in">
              {t('auth.alteration.signIn')}
            </Button>
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
