import { endpointPerms, MAX_PAGE_SIZE, messageApi, type OrderType, orgApi, workorderApi } from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { usePermission } from '@/lib/session/permission';

export type Choice = { value: number; label: string };

const STALE = { staleTime: 60_000 };

/** The newest version of every process key, for the template form (when the caller may read them). */
export function useProcessKeys(): { value: string; label: string }[] {
  const can = usePermission();
  const entry = workorderApi.workorderDefinitionPage;
  const page = useEndpoint(
    entry,
    can(endpointPerms(entry)) ? { pageNum: 1, pageSize: MAX_PAGE_SIZE, latestOnly: true } : null,
    STALE,
  );
  return (page.data?.rows ?? []).map((d) => ({ value: d.key, label: `${d.key} · ${d.name}` }));
}

/**
 * Posts and users a template may name as default executors: the shared lists the caller may read
 * (every post; the users of the caller's organisation). The server checks each against the
 * order's station when an order opens.
 */
export function useExecutorChoices(): { posts: Choice[]; users: Choice[] } {
  const can = usePermission();
  const posts = useEndpoint(orgApi.postOptions, can(endpointPerms(orgApi.postOptions)) ? {} : null, STALE);
  const users = useEndpoint(
    messageApi.recipientUsers,
    can(endpointPerms(messageApi.recipientUsers)) ? {} : null,
    STALE,
  );
  return {
    posts: (posts.data ?? []).filter((p) => p.enabled).map((p) => ({ value: p.id, label: p.name })),
    users: (users.data ?? []).map((u) => ({ value: u.userId, label: u.realName ?? u.username })),
  };
}

/** Enabled templates, of one kind of order when given, for the rule and schedule forms. */
export function useTemplateChoices(orderTypes?: readonly OrderType[]): Choice[] {
  const page = useEndpoint(workorderApi.workorderTemplatePage, { pageNum: 1, pageSize: MAX_PAGE_SIZE }, STALE);
  return (page.data?.rows ?? [])
    .filter((t) => t.enabled && (!orderTypes || orderTypes.includes(t.orderType)))
    .map((t) => ({ value: t.id, label: t.name }));
}

/** The zone of one of the caller's stations: a schedule runs on its clock. */
export function useStationZone(stationId: number | undefined): string | undefined {
  return stationsOf(useStations(useLang()).data).find((s) => s.id === stationId)?.timezone;
}
