import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainResult } from '../../../components/plain/plain-result.tsx';
import { carryRedirect } from '../use-complete-sign-in.ts';

/** What the registration hands this page in the history entry: an address alone registers nothing. */
export type Registered = { username: string; company: string };

/** The navigation state with which the register page opens this one, right after a registration. */
export const registeredState = (registered: Registered) => ({ registered });

function registeredOf(state: unknown): Registered | null {
  const registered = (state as { registered?: Partial<Registered> } | null)?.registered;
  return typeof registered?.username === 'string' ? { username: registered.username, company: registered.company ?? '' } : null;
}

/**
 * Spec §2 /user/register-result: the new account, and the way to sign in with it. Only right after a
 * registration (its history entry, kept on reload): opened any other way, nothing was registered, and
 * the visitor goes to the sign-in page.
 */
export function RegisterResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const registered = registeredOf(useLocation().state);
  if (!registered) return <Navigate to={`/user/login${carryRedirect(search)}`} replace />;
  const { username, company } = registered;
  const description = company ? t('auth.registerResult.descriptionWithCompany', { username, company }) : t('auth.registerResult.description', { username });
  return (
    <PlainResult
      title={t('auth.registerResult.title')}
      description={<span data-testid="register-result-account">{description}</span>}
      extra={
        <PlainButton variant="primary" size="large" onClick={() => void navigate(`/user/login${carryRedirect(search, { username })}`)} data-testid="register-result-sign-in">
          {t('auth.registerResult.signIn')}
        </PlainButton>
      }
    />
  );
}
