import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api/client';
import { loginPathFor } from '@/lib/session/redirect';
import { useSession } from '@/lib/session/session-store';

/** On 401001/401002 from any call: forget the session and go to login, back here afterwards (spec 8). */
export function SessionExpiryBridge() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useSession((s) => s.reset);
  useEffect(() => {
    setSessionExpiredHandler(() => {
      const here = loginPathFor(window.location);
      reset();
      qc.removeQueries();
      navigate(here, { replace: true });
    });
    return () => setSessionExpiredHandler(() => {});
  }, [navigate, qc, reset]);
  return null;
}
