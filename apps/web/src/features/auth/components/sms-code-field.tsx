import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '@portal/shared/sys';
import { PlainAlert, PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainField } from '../../../components/plain/plain-field.tsx';
import type { PlainForm } from '../../../components/plain/use-plain-form.ts';
import { useSendSms } from '../api/send-sms.ts';
import { useCountdown } from '../use-countdown.ts';

/**
 * The SMS code of a public form: the field, and a button that asks the server for a code for the
 * number in the form's `phoneName` field, then counts down the server's resendAfter before it can
 * be pressed again. What the server answers (sent, or a limit reached) is shown under the field.
 */
export function SmsCodeField<V extends Record<string, string>>({
  form,
  purpose,
  phoneName,
  codeName,
  size,
}: {
  form: PlainForm<V>;
  purpose: SmsPurpose;
  phoneName: keyof V & string;
  codeName: keyof V & string;
  size?: 'large';
}) {
  const { t } = useTranslation();
  const send = useSendSms();
  const [sent, setSent] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const code = form.field(codeName);
  // the form's name, as the ids start with it
  const formName = code.id.slice(0, -codeName.length - 1);

  const onSend = () => {
    const values = form.validate([phoneName]);
    if (!values) return;
    setSent(null);
    send.run({ phone: values[phoneName]?.trim() ?? '', purpose }, (result) => {
      startCountdown(result.resendAfter);
      const minutes = Math.round(result.expiresIn / 60);
      // for sign-in and reset the server does not say whether the number has an account, and neither may we
      setSent(t(purpose === 'register' ? 'auth.fields.codeSent' : 'auth.fields.codeSentIfKnown', { minutes }));
      document.getElementById(code.id)?.focus();
    });
  };

  const notice = send.error ? { type: 'error' as const, text: send.error.message } : sent ? { type: 'success' as const, text: sent } : null;
  return (
    <>
      <PlainField
        field={code}
        label={t('auth.fields.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        size={size}
        addon={
          <PlainButton onClick={onSend} loading={send.pending} disabled={secondsLeft > 0} size={size} data-testid={`${formName}-send-code`} style={{ flex: 'none', minWidth: 112 }}>
            {secondsLeft > 0 ? t('auth.fields.resendIn', { seconds: secondsLeft }) : t('auth.fields.sendCode')}
          </PlainButton>
        }
      />
      {notice && (
        <div style={{ marginTop: -12 }}>
          <PlainAlert type={notice.type} data-testid={`${formName}-sms-notice`}>
            {notice.text}
          </PlainAlert>
        </div>
      )}
    </>
  );
}
