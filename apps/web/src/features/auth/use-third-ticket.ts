import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { THIRD_LOGIN_ERRORS, type ThirdLoginError } from '@portal/shared/third-login-outcomes';
import { getThirdLoginUser } from './api/third-login.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

// a ticket is single-use: a second effect run (React's strict mode) must not trade it again and report a failure
const traded = new Set<string>();

const ERROR_TEXT = { pending: 'auth.login.thirdPending', rejected: 'auth.login.thirdRejected', failed: 'auth.login.thirdFailed', unavailable: 'auth.login.thirdUnavailable' } as const satisfies Record<ThirdLoginError, string>;
const isThirdError = (value: string | null): value is ThirdLoginError => (THIRD_LOGIN_ERRORS as readonly (string | null)[]).includes(value);

/**
 * The landing of the provider's way back (`/user/login?thirdToken=` or `?thirdError=`): trades the ticket for a
 * session like the password form's answer, or says why not. The ticket leaves the address bar at once.
 */
export function useThirdTicket(): { signingIn: boolean; message: string | null } {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const complete = useCompleteSignIn();
  const ticket = search.get('thirdToken');
  const thirdError = search.get('thirdError');
  // what went wrong is kept as what it is, not as words: a change of language redraws the banner in the new one
  const [state, setState] = useState<{ signingIn: boolean; failure: ThirdLoginError | null }>(() => ({
    signingIn: ticket !== null,
    failure: isThirdError(thirdError) ? thirdError : null,
  }));

  useEffect(() => {
    if (!ticket) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('thirdToken');
        return next;
      },
      { replace: true },
    );
    if (traded.has(ticket)) return;
    traded.add(ticket);
    // a ticket refused (unknown, used or expired) is the provider's sign-in that failed or timed out
    getThirdLoginUser(ticket).then(complete, () => setState({ signingIn: false, failure: 'failed' }));
    // once per ticket (complete, setSearch and t change identity on every render)
  }, [ticket]);

  return { signingIn: state.signingIn, message: state.failure ? t(ERROR_TEXT[state.failure]) : null };
}
