import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '@/lib/session/api/logout';
import { useSession } from '@/lib/session/session-store';

/** Log out (spec 4): revoke the token, forget the session locally, go to login. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useSession((s) => s.reset);
  return useCallback(async () => {
    await logout();
    reset();
    qc.removeQueries();
    navigate('/login', { replace: true });
  }, [navigate, qc, reset]);
}
