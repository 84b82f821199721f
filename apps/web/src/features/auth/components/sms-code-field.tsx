import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '@portal/shared/sys';
import { SMS_CODE_PATTERN } from '../account-rules.ts';
import { useSendSms } from '../api/send-sms.ts';

type Notice = { type: 'success' | 'error'; text: string };

/** A countdown in whole seconds: `start(n)` sets it to n, and it ticks down to 0 once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  useEffect(() => {
    if (clock.now >= clock.until) return;
    // wake when the shown number changes: at the next whole second before `until`
    const timer = window.setTimeout(() => setClock((current) => ({ ...current, now: Date.now() })), (clock.until - clock.now) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [clock]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}

/**
 * The SMS code of a public form: the field, and a button that asks the server for a code for the
 * number in the form's `phoneName` field, then counts down the server's resendAfter before it can
 * be pressed again. What the server answers (sent, or a limit reached) is shown under the field.
 */
export function SmsCodeField({ purpose, phoneName, codeName, formName, size }: { purpose: SmsPurpose; phoneName: string; codeName: string; formName: string; size?: 'large' }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const send = useSendSms();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();

  const onSend = async () => {
    let phone: string;
    try {
      phone = (await form.validateFields([phoneName]))[phoneName] as string;
    } catch {
      // the phone field shows what is wrong
      return;
    }
    setNotice(null);
    send.mutate(
      { phone: phone.trim(), purpose },
      {
        onSuccess: (result) => {
          startCountdown(result.resendAfter);
          const minutes = Math.round(result.expiresIn / 60);
          // for sign-in and reset the server does not say whether the number has an account, and neither may we
          setNotice({ type: 'success', text: t(purpose === 'register' ? 'auth.fields.codeSent' : 'auth.fields.codeSentIfKnown', { minutes }) });
          form.getFieldInstance(codeName)?.focus?.();
        },
        onError: (error) => setNotice({ type: 'error', text: error.message }),
      },
    );
  };

  return (
    <>
      <Form.Item
        label={t('auth.fields.smsCode')}
        required
        htmlFor={`${formName}_${codeName}`}
        // the field and its button side by side; its error and the server's notice below them
        style={{ marginBottom: notice ? 8 : undefined }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name={codeName}
            noStyle
            rules={[
              { required: true, message: t('auth.fields.smsCodeRequired') },
              { pattern: SMS_CODE_PATTERN, message: t('auth.fields.smsCodeRule') },
            ]}
          >
            <Input id={`${formName}_${codeName}`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} size={size} style={{ flex: 1, minWidth: 0 }} />
          </Form.Item>
          <Button onClick={() => void onSend()} loading={send.isPending} disabled={secondsLeft > 0} size={size} data-testid={`${formName}-send-code`} style={{ flex: 'none', minWidth: 112 }}>
            {secondsLeft > 0 ? t('auth.fields.resendIn', { seconds: secondsLeft }) : t('auth.fields.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {notice && <Alert type={notice.type} showIcon title={notice.text} role={notice.type === 'error' ? 'alert' : 'status'} style={{ marginBottom: 16 }} data-testid={`${formName}-sms-notice`} />}
    </>
  );
}
