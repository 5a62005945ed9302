import { z } from 'zod';
import { fileId, storedFile } from './files';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { epochMs } from './time-schema';

/** Limits of the record forms (the page and the server refuse the same input). */
export const RECORD_LIMITS = {
  name: 100,
  content: 2000,
  person: 50,
  location: 200,
  remark: 500,
  pictures: 10,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** Filters of both lists: the station, a word of the text, a time window. */
const recordFilters = {
  stationId: rowId,
  keyword: searchText(100),
  from: epochMs.optional(),
  to: epochMs.optional(),
};
export const recordExportBody = z.object(recordFilters);
export type RecordExportBody = z.input<typeof recordExportBody>;
export const recordIdBody = z.object({ stationId: rowId, id: rowId });

/** Spec 3 "Information record": name, content, record time, recorder. */
export const inspectionRecordFields = z.object({
  stationId: rowId,
  name: text(RECORD_LIMITS.name),
  content: text(RECORD_LIMITS.content),
  recordTime: epochMs,
  recorder: text(RECORD_LIMITS.person),
});
export const inspectionRecordUpdate = inspectionRecordFields.extend({ id: rowId });
export type InspectionRecordFields = z.input<typeof inspectionRecordFields>;

export const inspectionRecordRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  name: z.string(),
  content: z.string(),
  recordTime: epochMs,
  recorder: z.string(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type InspectionRecordRow = z.infer<typeof inspectionRecordRow>;
export const inspectionRecordPageBody = pageQuery(['recordTime', 'name', 'recorder'], recordFilters);
export type InspectionRecordPageBody = z.input<typeof inspectionRecordPageBody>;
export const inspectionRecordPage = pageOf(inspectionRecordRow);

/** Spec 3 "Repair record": repairman, location, content, repair time, remark, pictures. */
export const repairRecordFields = z.object({
  stationId: rowId,
  repairman: text(RECORD_LIMITS.person),
  location: text(RECORD_LIMITS.location),
  content: text(RECORD_LIMITS.content),
  repairTime: epochMs,
  remark: z.string().trim().max(RECORD_LIMITS.remark).default(''),
  /** Files of the file store (purpose picture), uploaded to this station first. */
  pictureIds: z.array(fileId).max(RECORD_LIMITS.pictures).default([]),
});
export const repairRecordUpdate = repairRecordFields.extend({ id: rowId });
export type RepairRecordFields = z.input<typeof repairRecordFields>;

export const repairRecordRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  repairman: z.string(),
  location: z.string(),
  content: z.string(),
  repairTime: epochMs,
  remark: z.string(),
  pictures: z.array(storedFile),
  /** The fault-repair order that wrote it, if one did. */
  orderId: z.number().int().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type RepairRecordRow = z.infer<typeof repairRecordRow>;
export const repairRecordPageBody = pageQuery(['repairTime', 'repairman', 'location'], recordFilters);
export type RepairRecordPageBody = z.input<typeof repairRecordPageBody>;
export const repairRecordPage = pageOf(repairRecordRow);
