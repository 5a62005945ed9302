import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { API_KEY_ROOT } from '../api/endpoint-query';
import { useSession } from './session-store';

/**
 * Starts a session with a fresh access token: forgets the previous user's server data, keeps
 * the token, and opens `redirect` (when given).
 */
export function useEnterSession(): (accessToken: string, opts: { screenEntry: boolean; redirect?: string }) => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  return useCallback(
    (accessToken, { screenEntry, redirect }) => {
      qc.removeQueries({ queryKey: [API_KEY_ROOT] });
      signIn(accessToken, { screenEntry });
      if (redirect) navigate(redirect, { replace: true });
    },
    [qc, navigate, signIn],
  );
}
