import { z } from 'zod';
import {
  inspectionRecordFields,
  inspectionRecordPage,
  inspectionRecordPageBody,
  inspectionRecordRow,
  inspectionRecordUpdate,
  recordExportBody,
  recordIdBody,
  repairRecordFields,
  repairRecordPage,
  repairRecordPageBody,
  repairRecordRow,
  repairRecordUpdate,
} from '../work-records';
import { endpointGroup, FILE } from './endpoint';

/** Button permissions of the two record pages (seeded menu tree, `crud(…)`). */
export const INSPECTION_RECORD_PERMS = {
  add: 'operationalInspection:informationEntry:add',
  edit: 'operationalInspection:informationEntry:edit',
  delete: 'operationalInspection:informationEntry:delete',
} as const;
export const REPAIR_RECORD_PERMS = {
  add: 'operationalInspection:repairRecords:add',
  edit: 'operationalInspection:repairRecords:edit',
  delete: 'operationalInspection:repairRecords:delete',
} as const;

const inspection = '/workorder/inspection-record';
const repair = '/workorder/repair-record';

/**
 * Inspection and repair records (spec 3; issue 23 part 6). Reading needs the station in
 * scope (the pages have no query button; whoever sees the station sees its records); writing
 * needs the page's buttons.
 */
export const workRecordsApi = /*#__PURE__*/ endpointGroup('workRecords', {
  inspectionRecordPage: {
    method: 'POST',
    path: `${inspection}/page`,
    body: inspectionRecordPageBody,
    response: inspectionRecordPage,
    access: { station: 'stationId' },
    summary: "A page of a station's inspection records, newest first",
  },
  inspectionRecordAdd: {
    method: 'POST',
    path: `${inspection}/add`,
    body: inspectionRecordFields,
    response: inspectionRecordRow,
    access: { perms: [INSPECTION_RECORD_PERMS.add], mutates: true, station: 'stationId' },
    summary: 'Record an inspection of a station',
  },
  inspectionRecordUpdate: {
    method: 'POST',
    path: `${inspection}/update`,
    body: inspectionRecordUpdate,
    response: inspectionRecordRow,
    access: { perms: [INSPECTION_RECORD_PERMS.edit], mutates: true, station: 'stationId' },
    summary: 'Change an inspection record (it stays with its station)',
  },
  inspectionRecordDelete: {
    method: 'POST',
    path: `${inspection}/delete`,
    body: recordIdBody,
    response: z.null(),
    access: { perms: [INSPECTION_RECORD_PERMS.delete], mutates: true, station: 'stationId' },
    summary: 'Delete an inspection record',
  },
  inspectionRecordExport: {
    method: 'POST',
    path: `${inspection}/export`,
    body: recordExportBody,
    response: FILE,
    access: { station: 'stationId' },
    summary: "A station's inspection records matching the filters as an Excel file",
  },
  repairRecordPage: {
    method: 'POST',
    path: `${repair}/page`,
    body: repairRecordPageBody,
    response: repairRecordPage,
    access: { station: 'stationId' },
    summary: "A page of a station's repair records with their pictures, newest first",
  },
  repairRecordAdd: {
    method: 'POST',
    path: `${repair}/add`,
    body: repairRecordFields,
    response: repairRecordRow,
    access: { perms: [REPAIR_RECORD_PERMS.add], mutates: true, station: 'stationId' },
    summary: 'Record a repair with pictures uploaded to the file store for this station',
  },
  repairRecordUpdate: {
    method: 'POST',
    path: `${repair}/update`,
    body: repairRecordUpdate,
    response: repairRecordRow,
    access: { perms: [REPAIR_RECORD_PERMS.edit], mutates: true, station: 'stationId' },
    summary: 'Change a repair record and its pictures',
  },
  repairRecordDelete: {
    method: 'POST',
    path: `${repair}/delete`,
    body: recordIdBody,
    response: z.null(),
    access: { perms: [REPAIR_RECORD_PERMS.delete], mutates: true, station: 'stationId' },
    summary: 'Delete a repair record',
  },
  repairRecordExport: {
    method: 'POST',
    path: `${repair}/export`,
    body: recordExportBody,
    response: FILE,
    access: { station: 'stationId' },
    summary: "A station's repair records matching the filters as an Excel file (pictures by name)",
  },
});
