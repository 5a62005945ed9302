import { z } from 'zod';
import { rowId } from '../ids';
import { pageOf, pageQuery } from '../paging';
import { WORKORDER_LIMITS as L } from './constants';
import { orderType, processNode } from './order';

/** Process definitions (/operational-inspection/activiti-definition): versioned by key. */
export const definitionPageBody = pageQuery(['key', 'version', 'deployedAt'], {
  keyword: z.string().trim().max(64).optional(),
  /** Only the newest version of each key (default) or every version. */
  latestOnly: z.boolean().optional(),
});
export const definitionRow = z.object({
  id: z.number().int(),
  key: z.string(),
  version: z.number().int(),
  name: z.string(),
  suspended: z.boolean(),
  builtIn: z.boolean(),
  deployedAt: z.number(),
  deployedBy: z.string().nullable(),
  /** Orders still running on this version (delete needs none). */
  runningCount: z.number().int(),
});
export type DefinitionRow = z.infer<typeof definitionRow>;
export const definitionPage = pageOf(definitionRow);

export const definitionIdBody = z.object({ id: rowId });

/** The detail with its XML for the diagram viewer and its user tasks. */
export const definitionDetail = definitionRow.extend({
  xml: z.string(),
  userTasks: z.array(processNode.extend({ candidateUsers: z.array(z.string()), candidateGroups: z.array(z.string()) })),
});
export type DefinitionDetail = z.infer<typeof definitionDetail>;

/**
 * Import a definition: a multipart upload of the one part `file`, no other fields. The part's
 * file name decides how it is read (`.bpmn`, `.bpmn20.xml`, `.bar`, `.zip`); it holds at most
 * WORKORDER_LIMITS.definitionBytes.
 */
export const definitionImportFields = z.object({});
export const definitionImportResult = z.object({ id: z.number().int(), key: z.string(), version: z.number().int() });

/** An instance's diagram: the definition's XML, the nodes waiting now and those done. */
export const instanceDiagram = z.object({
  xml: z.string(),
  activeNodeIds: z.array(z.string()),
  doneNodeIds: z.array(z.string()),
});
export type InstanceDiagram = z.infer<typeof instanceDiagram>;

/** A form field an order of the template asks for beyond the fixed ones. */
export const templateFormField = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/),
  label: z.string().trim().min(1).max(50),
  type: z.enum(['text', 'textarea', 'number', 'date', 'select']),
  required: z.boolean(),
  options: z.array(z.string().trim().min(1).max(50)).max(30).optional(),
});
export type TemplateFormField = z.infer<typeof templateFormField>;

const templateFields = {
  name: z.string().trim().min(1).max(50),
  orderType,
  /** Key of the process definition its orders run (the newest active version at opening). */
  definitionKey: z.string().trim().min(1).max(64),
  executorPostIds: z.array(rowId).max(L.executors),
  executorUserIds: z.array(rowId).max(L.executors),
  /** Hours from opening to the SLA deadline; a reminder at 80 %, escalation when passed. */
  slaHours: z.number().int().min(1).max(L.slaHours).nullable(),
  formFields: z.array(templateFormField).max(L.formFields),
  enabled: z.boolean(),
};
export const templateAddBody = z.object(templateFields);
export const templateUpdateBody = z.object({ id: rowId, ...templateFields });
export type TemplateAddBody = z.infer<typeof templateAddBody>;
export const templateIdBody = z.object({ id: rowId });
export const templatePageBody = pageQuery(['name', 'orderType', 'updatedAt'], {
  orderType: orderType.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const templateRow = z.object({
  id: z.number().int(),
  ...{
    name: z.string(),
    orderType,
    definitionKey: z.string(),
    executorPostIds: z.array(z.number().int()),
    executorUserIds: z.array(z.number().int()),
    slaHours: z.number().int().nullable(),
    formFields: z.array(templateFormField),
    enabled: z.boolean(),
  },
  definitionName: z.string().nullable(),
  updatedAt: z.number(),
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templatePage = pageOf(templateRow);
