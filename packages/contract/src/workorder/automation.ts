import { z } from 'zod';
import { alarmLevel } from '../alarm';
import { rowId } from '../ids';
import { pageOf, pageQuery } from '../paging';
import { WORKORDER_LIMITS as L } from './constants';

/**
 * Fixed call (issue 23): per station, alarms of `minLevel` or more severe (1 critical … 4 hint)
 * open a fault-repair order from the template, one per active alarm.
 */
export const ruleSaveBody = z.object({
  id: rowId.optional(),
  stationId: rowId,
  minLevel: alarmLevel,
  templateId: rowId,
  enabled: z.boolean(),
});
export const ruleRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  minLevel: alarmLevel,
  templateId: z.number().int(),
  templateName: z.string(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export const rulePageBody = pageQuery(['stationId', 'updatedAt'], { stationId: rowId.optional() });
export const rulePage = pageOf(ruleRow);
export const ruleDeleteBody = z.object({ id: rowId, stationId: rowId });

/** Scheduled inspections and cleanings: a cron in the station's time zone. */
export const scheduleSaveBody = z.object({
  id: rowId.optional(),
  stationId: rowId,
  orderType: z.literal([2, 3]),
  /** Five fields: minute hour day-of-month month day-of-week, in the station's zone. */
  cron: z.string().trim().min(9).max(L.cron),
  templateId: rowId,
  title: z.string().trim().min(1).max(L.title),
  enabled: z.boolean(),
});
export const scheduleRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  orderType: z.literal([2, 3]),
  cron: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.number().nullable(),
  lastRunAt: z.number().nullable(),
});
export const schedulePageBody = pageQuery(['stationId', 'nextRunAt'], { stationId: rowId.optional() });
export const schedulePage = pageOf(scheduleRow);
export const scheduleDeleteBody = z.object({ id: rowId, stationId: rowId });
