/** Query keys of the site overview; invalidate through these, never inline arrays. */
export const siteOverviewKeys = {
  all: ['siteOverview'] as const,
  rows: () => [...siteOverviewKeys.all, 'rows'] as const,
};
