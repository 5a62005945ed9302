import type { StationNode } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { StationPicker } from '@/components/station-picker';
import { useLang } from '@/lib/i18n/use-lang';
import { homeTarget } from '@/lib/menu/home-target';
import { findByUrl } from '@/lib/menu/menu-model';
import { menuQuery } from '@/lib/session/api/get-menu';
import { useSession } from '@/lib/session/session-store';

/**
 * The frame's station (spec 2), on the shared station picker. Switching loads that station's
 * menu first, and leaves a page the new menu does not hold for home.
 */
export function StationCascader({ station }: { station: StationNode | null }) {
  const lang = useLang();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setStation = useSession((s) => s.setStation);

  const change = async (id: number | undefined) => {
    if (id === undefined || id === station?.id) return;
    const menu = await qc.fetchQuery(menuQuery(id, lang));
    setStation(id);
    if (!findByUrl(menu, pathname)) navigate(homeTarget(menu) ?? '/401', { replace: true });
  };

  return (
    <StationPicker
      value={station?.id}
      onChange={(id) => void change(id)}
      allowClear={false}
      width="100%"
      testId="station-cascader"
    />
  );
}
