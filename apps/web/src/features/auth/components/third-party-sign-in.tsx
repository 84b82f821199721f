import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInType } from '@portal/shared/third-login';
import { PlainButton } from '../../../components/plain/plain-controls.tsx';
import { getAllType } from '../api/third-login.ts';

/** "Sign in with <provider>" when the deployment has one (getAllType); the browser then goes to the provider, carrying ?redirect=. */
export function ThirdPartySignIn({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<SignInType[]>([]);
  useEffect(() => {
    let live = true;
    // no provider, or the call failed: the page simply offers none
    getAllType().then(
      (types) => live && setProviders(types.filter((type) => type.kind === 'third' && type.renderUrl)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="third-party-sign-in">
      <p style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.55)', margin: '0 0 12px' }}>{t('auth.login.or')}</p>
      {providers.map((provider) => (
        <PlainButton
          key={provider.type}
          size="large"
          block
          data-testid={`third-login-${provider.type}`}
          onClick={() => window.location.assign(`${provider.renderUrl}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`)}
        >
          {t('auth.login.withProvider', { name: provider.name ?? provider.type })}
        </PlainButton>
      ))}
    </div>
  );
}
