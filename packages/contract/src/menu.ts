import { z } from 'zod';

export const MENU_TYPES = ['menu', 'button'] as const;
/** Where a menu shows: general (all), PC only, app only. */
export const MENU_SHOW = ['all', 'pc', 'app'] as const;

/** Menu item of spec 3; `code` doubles as the translation key `menu.<code>`. */
export type MenuItem = {
  id: number;
  code: string;
  name: string;
  perms: string | null;
  url: string | null;
  icon: string | null;
  pid: number;
  orderNum: number;
  type: (typeof MENU_TYPES)[number];
  show: (typeof MENU_SHOW)[number];
  status: number;
  hidden: boolean;
  isConfig: boolean;
  external: boolean;
  component: string | null;
  roles: string[];
  children: MenuItem[];
};

export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    perms: z.string().nullable(),
    url: z.string().nullable(),
    icon: z.string().nullable(),
    pid: z.number().int(),
    orderNum: z.number().int(),
    type: z.enum(MENU_TYPES),
    show: z.enum(MENU_SHOW),
    status: z.number().int(),
    hidden: z.boolean(),
    isConfig: z.boolean(),
    external: z.boolean(),
    component: z.string().nullable(),
    roles: z.array(z.string()),
    children: z.array(menuItem),
  }),
);

export const exclusiveMenuBody = z.object({ stationId: z.coerce.number().int().positive().nullable().optional() });
