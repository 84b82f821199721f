import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { UnreadSummary } from '@portal/shared/announcement';
import { ANNOUNCEMENT_STREAM_EVENT, SESSION_STREAM_EVENTS, type SessionNotice } from '@portal/shared/announcement-stream';
import { applyUnread } from '../features/announcement/api/announcements.ts';
import { useAuth } from '../lib/auth.ts';
import { followLiveChannel, STREAM_REFUSED } from '../lib/live-channel.ts';
import { leaveNotice } from '../lib/notice.ts';
import { loginRedirect } from '../lib/paths.ts';
import { reloadPermissions } from './reload-permissions.ts';

/** A change told to every screen at once (a menu's, or a role's of many users): their requests for the new rights are spread over this long. */
const ACCESS_SPREAD_MS = 1000;

/**
 * Follows the live channel while a user is signed in (once per session and tenant): the bell's unread count; the
 * menu and buttons asked for again when the server says the user's rights may have changed; and the screen left at
 * once, for the sign-in page with a word of why, when the session has ended (an administrator's sign-out, a frozen
 * or deleted user or tenant), rather than at the next click.
 */
export function useLiveSession(): void {
  const token = useAuth((state) => state.token);
  const tenantId = useAuth((state) => state.userInfo?.tenantId);
  const client = useQueryClient();
  const navigate = useNavigate();
  // where the user is when an event comes, not when the stream opened
  const location = useLocation();
  const shown = useRef(location);
  shown.current = location;
  const { message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let reload: number | undefined;
    const leave = () => {
      controller.abort();
      leaveNotice(t('errors.sessionEnded'));
      useAuth.getState().signedOut();
      navigate(loginRedirect(new URL(shown.current.pathname + shown.current.search, window.location.origin)));
    };
    void followLiveChannel(
      (event) => {
        if (event.event === ANNOUNCEMENT_STREAM_EVENT) applyUnread(client, JSON.parse(event.data) as UnreadSummary);
        else if (event.event === SESSION_STREAM_EVENTS.signedOut) leave();
        else if (event.event === SESSION_STREAM_EVENTS.access) {
          const everyone = (JSON.parse(event.data) as SessionNotice).everyone === true;
          window.clearTimeout(reload);
          reload = window.setTimeout(() => {
            reloadPermissions(navigate, () => shown.current.pathname)
              .then((left) => left && message.warning(t('errors.rightsChanged')))
              // the next call that needs them is refused and says so; nothing to add here
              .catch(() => undefined);
          }, everyone ? Math.random() * ACCESS_SPREAD_MS : 0);
        }
      },
      (status) => status === STREAM_REFUSED.signedOut && leave(),
      controller.signal,
    );
    return () => {
      controller.abort();
      window.clearTimeout(reload);
    };
  }, [token, tenantId, client, navigate, message, t]);
}
