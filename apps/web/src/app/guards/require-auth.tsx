import { isScreenFrom } from '@ess/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { ApiError } from '@/lib/api/api-error';
import { API_KEY_ROOT } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { userInfoQuery } from '@/lib/session/api/get-user-info';
import { screenLogin } from '@/lib/session/api/login';
import { loginPathFor } from '@/lib/session/redirect';
import { useSession } from '@/lib/session/session-store';
import { useEnterSession } from '@/lib/session/use-enter-session';

/**
 * Navigation rules of spec 2 for routes that need a session: `from=screen…` signs in with the
 * built-in screen account; no token goes to login with a redirect; user info is loaded before
 * the page, and a failure resets the token and goes back to login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const screenEntry = useSession((s) => s.screenEntry);
  const enterSession = useEnterSession();
  const reset = useSession((s) => s.reset);
  const from = new URLSearchParams(location.search).get('from');
  const wantsScreen = isScreenFrom(from) && !screenEntry;
  const [screenFailed, setScreenFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!wantsScreen || started.current) return;
    started.current = true;
    screenLogin(from)
      .then((r) => enterSession(r.accessToken, { screenEntry: true }))
      .catch(() => setScreenFailed(true));
  }, [wantsScreen, from, enterSession]);

  const user = useQuery({ ...userInfoQuery(), enabled: token !== null && !wantsScreen, retry: false });

  useEffect(() => {
    if (!user.isError) return;
    const err = user.error;
    const text =
      err instanceof ApiError && err.kind === 'invalid'
        ? t('session.verifyFailed')
        : err instanceof ApiError && err.message
          ? err.message
          : t('session.hasError');
    notify.error(text);
    reset();
    qc.removeQueries({ queryKey: [API_KEY_ROOT] });
    navigate(loginPathFor(location), { replace: true });
  }, [user.isError, user.error, t, reset, qc, navigate, location]);

  if (wantsScreen && !screenFailed) return <PageLoading fullscreen />;
  if (token === null) return <Navigate to={loginPathFor(location)} replace />;
  if (!user.data) return <PageLoading fullscreen />;
  return <>{children}</>;
}
