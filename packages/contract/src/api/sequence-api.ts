import { z } from 'zod';
import {
  SEQUENCE_PERMS,
  sequenceIdBody,
  sequenceIdParams,
  sequenceRun,
  sequenceRunBody,
  sequenceRunPage,
  sequenceRunPageBody,
  sequenceTemplate,
  sequenceTemplateBody,
  sequenceTemplateCopyBody,
  sequenceTemplatesBody,
  sequenceTemplateUpdateBody,
} from '../sequence';
import { endpointGroup } from './endpoint';

const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/**
 * One-button sequential control (/strategic-management/sequential-control, issue 14 part 3):
 * step templates, runs that go step by step on the server, their live progress (`sequence`
 * messages on the live socket) and history. Reads need the station in scope.
 */
export const sequenceApi = /*#__PURE__*/ endpointGroup('sequence', {
  templates: {
    method: 'POST',
    path: '/strategy/sequence/templates',
    body: sequenceTemplatesBody,
    response: z.array(sequenceTemplate),
    access: { station: 'stationId' },
    summary: 'Sequential control templates usable at a station: the generic ones and those of the station',
  },
  addTemplate: {
    method: 'POST',
    path: '/strategy/sequence/template/add',
    body: sequenceTemplateBody,
    response: z.object({ id: z.number().int() }),
    access: write(SEQUENCE_PERMS.add),
    summary:
      "Add a sequential control template (1 to 20 steps; commands on control or setpoint points, values within their points' ranges); a generic one only by an administrator",
  },
  copyTemplate: {
    method: 'POST',
    path: '/strategy/sequence/template/copy',
    body: sequenceTemplateCopyBody,
    response: z.object({ id: z.number().int() }),
    access: { ...write(SEQUENCE_PERMS.add), station: 'stationId' },
    summary: 'Copy a template (a built-in or generic one, to edit it) as a template of a station in scope',
  },
  updateTemplate: {
    method: 'PUT',
    path: '/strategy/sequence/template/update',
    body: sequenceTemplateUpdateBody,
    response: z.null(),
    access: write(SEQUENCE_PERMS.edit),
    summary:
      'Change a sequential control template (runs keep the steps they started with); built-in and generic ones only by an administrator (403)',
  },
  removeTemplate: {
    method: 'DELETE',
    path: '/strategy/sequence/template/:id',
    params: sequenceIdParams,
    response: z.null(),
    access: write(SEQUENCE_PERMS.delete),
    summary:
      'Delete a sequential control template (its past runs stay in the history); built-in and generic ones only by an administrator (403)',
  },
  run: {
    method: 'POST',
    path: '/strategy/sequence/run',
    body: sequenceRunBody,
    response: z.object({ id: z.number().int() }),
    access: { perms: [SEQUENCE_PERMS.run], mutates: true, station: 'stationId' },
    errors: [409],
    summary:
      "Start a template's steps at a station (password re-entered, sealed as at sign-in); every step's value checked against the station's devices first (400 naming the step); one run per station at a time",
  },
  sequenceRunCancel: {
    method: 'POST',
    path: '/strategy/sequence/cancel',
    body: sequenceIdBody,
    response: z.null(),
    access: { perms: [SEQUENCE_PERMS.run], mutates: true },
    errors: [409],
    summary: 'Cancel a running sequence: it stops before its next step',
  },
  runDetail: {
    method: 'GET',
    path: '/strategy/sequence/run/:id',
    params: sequenceIdParams,
    response: sequenceRun,
    access: {},
    summary: "A run with each step's state, devices, commands and message",
  },
  runPage: {
    method: 'POST',
    path: '/strategy/sequence/run/page',
    body: sequenceRunPageBody,
    response: sequenceRunPage,
    access: { station: 'stationId' },
    summary: "A page of a station's sequential control runs, newest first",
  },
});
