import { HOME_PATH } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { bigTokenLogin } from '@/lib/session/api/login';
import { sessionKeys } from '@/lib/session/keys';
import { safeRedirect } from '@/lib/session/redirect';
import { useSession } from '@/lib/session/session-store';

/** Arrival from another platform window with a one-time token: sign in and open `redirect`. */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
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
      .then((r) => {
        qc.removeQueries({ queryKey: sessionKeys.all });
        signIn(r.accessToken, { screenEntry: true });
        navigate(redirect, { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, redirect, navigate, qc, signIn]);

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
