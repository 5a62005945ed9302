import { type Lang, menuItem } from '@ess/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../api/client';
import { sessionKeys } from '../keys';

const menuTree = z.array(menuItem);

/** `quiet`: no toast and no session handling (a prefetch; the frame's own call reports failures). */
export const getMenu = (stationId: number | null, quiet = false) =>
  request('/sys/permission/per/exclusiveMenu', {
    body: { stationId },
    schema: menuTree,
    silent: quiet,
    noSessionHandling: quiet,
  });

/** The server builds the menu for this user, station and language (spec 1, 6). */
export const menuQuery = (stationId: number | null, lang: Lang) =>
  queryOptions({ queryKey: sessionKeys.menu(stationId, lang), queryFn: () => getMenu(stationId), staleTime: 300_000 });

export const useMenu = (stationId: number | null, lang: Lang) => useQuery(menuQuery(stationId, lang));
