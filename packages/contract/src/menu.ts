import { z } from 'zod';
import { rowId } from './ids';
import { STATION_TYPES, type StationType } from './station';

export const MENU_TYPES = ['menu', 'button'] as const;
/** Where a menu shows: general (all), PC only, app only. */
export const MENU_SHOW = ['all', 'pc', 'app'] as const;

/**
 * Menu item of spec 3. `code` is stable and unique; `name` is in the request's language.
 * `roles` is the route's role meta used by the web's route guard (spec 6).
 */
export type MenuItem = {
  id: number;
  code: string;
  name: string;
  perms: string | null;
  url: string | null;
  urlApp: string | null;
  icon: string | null;
  iconApp: string | null;
  pid: number;
  pidName: string | null;
  orderNum: number;
  type: (typeof MENU_TYPES)[number];
  show: (typeof MENU_SHOW)[number];
  color: string | null;
  status: number;
  hidden: boolean;
  isConfig: boolean;
  /** Opens in a new window (large screens, external links). */
  external: boolean;
  component: string | null;
  roles: string[];
  /** Station types the entry applies to; empty = all. */
  stationTypes: StationType[];
  /** Station ids the entry is limited to; empty = all. */
  stationList: number[];
  createTime: string;
  updateTime: string;
  children: MenuItem[];
};

export const menuItem: z.ZodType<MenuItem> = z
  .lazy(
    () =>
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        perms: z.string().nullable(),
        url: z.string().nullable(),
        urlApp: z.string().nullable(),
        icon: z.string().nullable(),
        iconApp: z.string().nullable(),
        pid: z.number().int(),
        pidName: z.string().nullable(),
        orderNum: z.number().int(),
        type: z.enum(MENU_TYPES),
        show: z.enum(MENU_SHOW),
        color: z.string().nullable(),
        status: z.number().int(),
        hidden: z.boolean(),
        isConfig: z.boolean(),
        external: z.boolean(),
        component: z.string().nullable(),
        roles: z.array(z.string()),
        stationTypes: z.array(z.enum(STATION_TYPES)),
        stationList: z.array(z.number().int()),
        createTime: z.string(),
        updateTime: z.string(),
        children: z.array(menuItem),
      }),
    // Named, so the OpenAPI document can refer to the recursive schema (components/schemas/MenuItem).
  )
  .meta({ id: 'MenuItem' });

/** `stationId` null or absent: the caller has no station (admin then gets the built-in system menu). */
export const exclusiveMenuBody = z.object({ stationId: rowId.nullable().optional() });

/** Children of the built-in system management menu (spec 2 "Layout"), by menu code. */
export const BUILTIN_SYSTEM_MENU_CODES = [
  'system.menu',
  'system.user',
  'system.role',
  'system.org',
  'system.log',
  'system.dictionary',
  'system.department',
  'system.rate',
  'system.post',
  'system.stationRole',
] as const;
