/** The routes of a published dashboard's link, without sign-in: the light page and the wall look. */
export const DASHBOARD_LINK_PATHS = { '/dashboard-test': 'page', '/dashboard-zhongzi': 'wall' } as const;

/** The household view of a station's link, without sign-in. */
export const FAMILY_PATH = '/family';

/** Every route a link opens without sign-in. */
export const LINK_PATHS: readonly string[] = [...Object.keys(DASHBOARD_LINK_PATHS), FAMILY_PATH];
