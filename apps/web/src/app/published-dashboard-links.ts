/** The routes of a published dashboard's link, without sign-in: the light page and the wall look. */
export const DASHBOARD_LINK_PATHS = { '/dashboard-test': 'page', '/dashboard-zhongzi': 'wall' } as const;
