import { Layout } from 'antd';
import { useNavigate, useRevalidator } from 'react-router';
import { ChangePasswordDialog } from '../features/account/components/change-password-dialog.tsx';
import { logout } from '../features/auth/api/logout.ts';
import { useAuth } from '../lib/auth.ts';
import { LOGIN_PATH } from '../lib/paths.ts';
import { AntdShell } from './antd-shell.tsx';

/** The change itself, over an empty page: nothing of the portal shows before it is done. */
function PasswordChangeScreen() {
  const userInfo = useAuth((state) => state.userInfo);
  const setUserInfo = useAuth((state) => state.setUserInfo);
  const signedOut = useAuth((state) => state.signedOut);
  const revalidator = useRevalidator();
  const navigate = useNavigate();

  const changed = () => {
    // the server has cleared it; the main route's loader now opens the page asked for
    if (userInfo) setUserInfo({ ...userInfo, passwordChangeRequired: false });
    void revalidator.revalidate();
  };

  const signOut = async () => {
    // signed out here all the same: the session is of no use until the password is changed
    await logout().catch(() => undefined);
    signedOut();
    void navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="password-change-gate">
      <ChangePasswordDialog open onClose={changed} required={{ onSignOut: () => void signOut() }} />
    </Layout>
  );
}

/**
 * What a user whose password an administrator set or reset sees instead of the main layout (app/routes.tsx): the
 * server answers them nothing but the change, their own info and menu, and signing out, so the portal waits
 * until they have chosen their own password.
 */
export function PasswordChangeGate() {
  return (
    <AntdShell>
      <PasswordChangeScreen />
    </AntdShell>
  );
}
