import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainResult } from '../../../components/plain/plain-result.tsx';
import { carryRedirect } from '../use-complete-sign-in.ts';

/** Spec §2 /user/register-result: the new account, and the way to sign in with it. */
export function RegisterResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const username = search.get('username');
  const company = search.get('company');
  const description = !username
    ? t('auth.registerResult.unknown')
    : company
      ? t('auth.registerResult.descriptionWithCompany', { username, company })
      : t('auth.registerResult.description', { username });
  return (
    <PlainResult
      title={t('auth.registerResult.title')}
      description={<span data-testid="register-result-account">{description}</span>}
      extra={
        <PlainButton variant="primary" size="large" onClick={() => void navigate(`/user/login${carryRedirect(search, username ? { username } : {})}`)} data-testid="register-result-sign-in">
          {t('auth.registerResult.signIn')}
        </PlainButton>
      }
    />
  );
}
