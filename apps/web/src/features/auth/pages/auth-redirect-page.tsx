import { HOME_PATH } from '@ess/contract';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { bigTokenLogin } from '@/lib/session/api/login';
import { safeRedirect } from '@/lib/session/redirect';
import { useEnterSession } from '@/lib/session/use-enter-session';

/** Arrival from another platform window with a one-time token: sign in and open `redirect`. */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const enterSession = useEnterSession();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'), HOME_PATH);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailed(true);
      return;
    }
    bigTokenLogin(token)
      .then((r) => enterSession(r.accessToken, { screenEntry: true, redirect }))
      .catch(() => setFailed(true));
  }, [token, redirect, enterSession]);

  if (!failed) return <PageLoading fullscreen />;
  return (
    <Result
      status="warning"
      title={t('login.tokenFailed')}
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          {t('login.toLogin')}
        </Button>
      }
    />
  );
}
