import { z } from 'zod';
import {
  DASHBOARD_PERMS,
  dashboardAddBody,
  dashboardData,
  dashboardIdBody,
  dashboardPublished,
  dashboardRow,
  dashboardShareBody,
  dashboardTokenBody,
  dashboardUpdateBody,
  familyLinkState,
  familyStationBody,
  familyView,
  publicDashboard,
  shareableRole,
} from '../dashboard';
import { endpointGroup } from './endpoint';

const created = z.object({ id: z.number().int() });

/**
 * Dashboards (/surveillance/dashboard; docs/dashboards.md): every signed-in user builds their
 * own; every station and device a widget names is checked against the caller's scope when saved
 * and again when read. The published view is the one call without a session: its token is the
 * dashboard's, and it answers only what the dashboard's widgets show.
 */
export const dashboardApi = /*#__PURE__*/ endpointGroup('dashboards', {
  dashboardList: {
    method: 'POST',
    path: '/dashboard/list',
    body: z.object({}),
    response: z.array(dashboardRow),
    access: {},
    summary: 'The caller’s dashboards and those shared with one of their roles',
  },
  dashboardAdd: {
    method: 'POST',
    path: '/dashboard/add',
    body: dashboardAddBody,
    response: created,
    // One's own dashboards are personal, like one's theme: a read-only account keeps them too.
    access: { refuseDemo: true },
    errors: [404, 409],
    summary: 'A new dashboard of the caller: a name and its widgets on the 12-column grid',
  },
  dashboardUpdate: {
    method: 'POST',
    path: '/dashboard/update',
    body: dashboardUpdateBody,
    response: z.null(),
    access: { refuseDemo: true },
    errors: [404, 409],
    summary: 'Rename one’s own dashboard or change its widgets (a published link shows the change)',
  },
  dashboardDelete: {
    method: 'POST',
    path: '/dashboard/delete',
    body: dashboardIdBody,
    response: z.null(),
    access: { refuseDemo: true },
    errors: [404],
    summary: 'Delete one’s own dashboard; its shares and its link go with it',
  },
  dashboardShare: {
    method: 'POST',
    path: '/dashboard/share',
    body: dashboardShareBody,
    response: z.null(),
    access: { perms: [DASHBOARD_PERMS.share], mutates: true, refuseDemo: true },
    errors: [404, 403],
    summary: 'Share one’s own dashboard read-only with roles the caller holds (the list replaces the last)',
  },
  dashboardRoles: {
    method: 'POST',
    path: '/dashboard/roles',
    body: z.object({}),
    response: z.array(shareableRole),
    access: { perms: [DASHBOARD_PERMS.share] },
    summary: 'The roles the caller may share a dashboard with: their own (an administrator: every enabled role)',
  },
  dashboardPublish: {
    method: 'POST',
    path: '/dashboard/publish',
    body: dashboardIdBody,
    response: dashboardPublished,
    access: { perms: [DASHBOARD_PERMS.publish], mutates: true, refuseDemo: true },
    errors: [404],
    summary: 'A new link to one’s own dashboard without sign-in; an earlier link stops working',
  },
  dashboardUnpublish: {
    method: 'POST',
    path: '/dashboard/unpublish',
    body: dashboardIdBody,
    response: z.null(),
    access: { perms: [DASHBOARD_PERMS.publish], mutates: true },
    errors: [404],
    summary: 'Revoke the dashboard’s link: it shows nothing from now on',
  },
  dashboardData: {
    method: 'POST',
    path: '/dashboard/data',
    body: dashboardIdBody,
    response: dashboardData,
    access: {},
    errors: [404],
    summary: 'What each widget of a dashboard one owns or is shared shows now, within the caller’s scope',
  },
  dashboardPublic: {
    method: 'POST',
    path: '/dashboard/public',
    body: dashboardTokenBody,
    response: publicDashboard,
    access: { public: true },
    errors: [404],
    summary: 'A published dashboard by its link’s token: its layout and what its widgets show, nothing else',
  },
  familyLink: {
    method: 'POST',
    path: '/dashboard/family/link',
    body: familyStationBody,
    response: familyLinkState,
    access: { perms: [DASHBOARD_PERMS.publish], station: 'stationId' },
    summary: 'Whether the station’s household view has a link, and since when',
  },
  familyPublish: {
    method: 'POST',
    path: '/dashboard/family/publish',
    body: familyStationBody,
    response: dashboardPublished,
    access: { perms: [DASHBOARD_PERMS.publish], station: 'stationId', mutates: true, refuseDemo: true },
    summary: 'A new link to the station’s household view (/family) without sign-in; an earlier one stops working',
  },
  familyUnpublish: {
    method: 'POST',
    path: '/dashboard/family/unpublish',
    body: familyStationBody,
    response: z.null(),
    access: { perms: [DASHBOARD_PERMS.publish], station: 'stationId', mutates: true },
    summary: 'Revoke the station’s household view link',
  },
  familyView: {
    method: 'POST',
    path: '/dashboard/family/view',
    body: dashboardTokenBody,
    response: familyView,
    access: { public: true },
    errors: [404],
    summary: 'A household view by its link’s token: the home’s PV, battery, load and grid, today’s energy and savings',
  },
});
