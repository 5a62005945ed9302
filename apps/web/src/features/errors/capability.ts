/** The capabilities the platform is built in (the mission's order); a not-built page names its own. */
export const CAPABILITIES_ORDER = [
  'monitoring',
  'alarms',
  'administration',
  'workOrders',
  'strategy',
  'revenue',
  'runReview',
  'remoteControl',
  'largeScreen',
] as const;
export type Capability = (typeof CAPABILITIES_ORDER)[number];

const BY_TOP: Record<string, Capability> = {
  surveillance: 'monitoring',
  alarm: 'alarms',
  system: 'administration',
  operationalInspection: 'workOrders',
  task: 'workOrders',
  strategicManagement: 'strategy',
  revenueManagement: 'revenue',
  runReview: 'runReview',
  remoteControl: 'remoteControl',
  largeScreen: 'largeScreen',
};

const BY_PATH: [RegExp, Capability][] = [
  [/^\/(screen|new-screen|new-screen-zz|common-screen|dashboard-test|dashboard-zhongzi|family)$/, 'largeScreen'],
  [/^\/alarm\//, 'alarms'],
  [/^\/operational-inspection\/(message-config|user-message-config)$/, 'alarms'],
  [/^\/system\/(device-upgrade)$/, 'remoteControl'],
];

/** Which capability brings the page at `path` (first by path, then by its top menu entry). */
export function capabilityOf(path: string, topCode: string | null): Capability {
  for (const [re, cap] of BY_PATH) if (re.test(path)) return cap;
  return (topCode ? BY_TOP[topCode] : undefined) ?? 'monitoring';
}
