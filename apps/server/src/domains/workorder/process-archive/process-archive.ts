import { ResultCode, WORKORDER_LIMITS } from '@ess/contract';
import type { MessageKey } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';
import { ARCHIVE_CAPS, readArchive } from '../../../lib/archive-guard';
import { descendants, type ModdleNode, parseBpmn } from './bpmn-model';

/** A user task and who may take it (extension attributes of Camunda, Activiti or Flowable). */
export type ProcessUserTask = {
  id: string;
  name: string;
  /** A single assignee (a user id or an expression such as `${initiator}`), when the task names one. */
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
};

export type ProcessUpload = { key: string; name: string; xml: string; userTasks: ProcessUserTask[] };

/** Largest definition file as uploaded, and BPMN file an archive holds (its entries: ARCHIVE_CAPS.processArchive). */
export const PROCESS_XML_MAX_BYTES = WORKORDER_LIMITS.definitionBytes;

/** Namespaces whose assignee / candidateUsers / candidateGroups attributes assign a user task. */
const ASSIGNMENT_NAMESPACES = new Set([
  'http://camunda.org/schema/1.0/bpmn',
  'http://activiti.org/bpmn',
  'http://flowable.org/bpmn',
]);

/** Elements that run code when reached: refused, the platform runs no code from uploads. */
const CODE_TASKS = new Set(['bpmn:ScriptTask', 'bpmn:ServiceTask', 'bpmn:SendTask', 'bpmn:BusinessRuleTask']);
/** Extension attributes that name code to run (Java classes, expressions, scripts). */
const CODE_ATTRIBUTES = new Set([
  'class',
  'expression',
  'delegateExpression',
  'resultVariable',
  'scriptFormat',
  'resource',
]);

const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, ResultCode.BAD_REQUEST, key, params);

const bpmnFile = (name: string) => /\.(bpmn|bpmn20\.xml)$/i.test(name);
const archiveFile = (name: string) => /\.(bar|zip)$/i.test(name);

/**
 * Checks an uploaded process definition before anything is deployed (spec 5 "bpmn, bar or zip
 * only"; issue 23 part 2) and returns its one executable process: key (the process id), name,
 * the XML, and its user tasks with their assignment. Refusals are AppErrors with a localized
 * message key (400; 413 for sizes): another extension, an archive the archive guard refuses
 * or holding other than exactly one BPMN file, XML that is not well-formed or declares a
 * DTD, not exactly one executable process, a user task nobody is assigned to, or an element
 * that would run code on the server.
 */
export async function validateProcessUpload(bytes: Buffer, fileName: string): Promise<ProcessUpload> {
  assertProcessFileName(fileName);
  if (bytes.length > PROCESS_XML_MAX_BYTES) throw processTooLarge();
  const xmlBytes = bpmnFile(fileName) ? bytes : await bpmnOfArchive(bytes);
  if (xmlBytes.length > PROCESS_XML_MAX_BYTES) throw processTooLarge();
  return validateXml(xmlBytes.toString('utf8').replace(/^\uFEFF/, ''));
}

/** Refuses a name of another kind, so an upload can be refused before a byte of it is read. */
export function assertProcessFileName(fileName: string): void {
  if (!bpmnFile(fileName) && !archiveFile(fileName)) {
    throw refuse('processFileType', { types: '.bpmn, .bpmn20.xml, .bar, .zip' });
  }
}

/** 413 naming the cap of a definition file (the upload itself, or the BPMN file an archive holds). */
export const processTooLarge = (): AppError =>
  new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, 'processTooLarge', {
    max: `${PROCESS_XML_MAX_BYTES / (1024 * 1024)} MB`,
  });

/** The one BPMN file of a .bar or .zip, read through the archive guard (caps before inflating, safe names). */
async function bpmnOfArchive(bytes: Buffer): Promise<Buffer> {
  const files = (await readArchive(bytes, ARCHIVE_CAPS.processArchive)).filter((f) => bpmnFile(f.name));
  const [only] = files;
  if (files.length !== 1 || !only)
    throw refuse('processArchiveBpmnCount', { count: files.length, types: '.bpmn, .bpmn20.xml' });
  return only.data;
}

async function validateXml(xml: string): Promise<ProcessUpload> {
  // No DTD at all: entities are how XML reads files and explodes in size (XXE, billion laughs).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refuse('processDoctype');
  let root: ModdleNode;
  try {
    root = (await parseBpmn(xml)).rootElement;
  } catch (e) {
    // Well-formed XML whose root is not BPMN's definitions.
    if (e instanceof Error && e.message.startsWith('failed to parse document as')) throw refuse('processNotBpmn');
    const detail = e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 200) : '';
    throw refuse('processXmlMalformed', { detail });
  }
  if (root?.$type !== 'bpmn:Definitions') throw refuse('processNotBpmn');
  const prefixes = assignmentPrefixes(root);
  const processes = ((root.rootElements as ModdleNode[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable === true);
  const [process] = executable;
  if (executable.length !== 1 || !process?.id) throw refuse('processExecutableCount', { count: executable.length });

  const userTasks: ProcessUserTask[] = [];
  for (const node of [root, ...descendants(root)]) {
    refuseCode(node, prefixes);
    if (node.$type === 'bpmn:UserTask') userTasks.push(assignedTask(node, prefixes));
  }
  return { key: process.id, name: process.name?.trim() || process.id, xml, userTasks };
}

/** Prefixes the definitions bind to an assignment namespace (`xmlns:camunda="…"`, any prefix). */
function assignmentPrefixes(root: ModdleNode): Set<string> {
  const prefixes = new Set<string>();
  for (const [attr, uri] of Object.entries(root.$attrs ?? {})) {
    if (attr.startsWith('xmlns:') && ASSIGNMENT_NAMESPACES.has(uri)) prefixes.add(attr.slice('xmlns:'.length));
  }
  return prefixes;
}

/** Extension attributes of the assignment namespaces, by local name. */
function extensionAttributes(node: ModdleNode, prefixes: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [attr, value] of Object.entries(node.$attrs ?? {})) {
    const [prefix, local] = attr.split(':');
    if (prefix && local && prefixes.has(prefix)) out.set(local, value);
  }
  return out;
}

function refuseCode(node: ModdleNode, prefixes: Set<string>): void {
  const element = node.id ?? node.$type;
  if (CODE_TASKS.has(node.$type)) throw refuse('processCodeElement', { element });
  // A condition or any expression in a script language is a script.
  if (node.$type === 'bpmn:FormalExpression' && typeof node.language === 'string' && node.language.trim() !== '') {
    throw refuse('processCodeElement', { element: `${element} (${node.language})` });
  }
  if (typeof node.scriptFormat === 'string' || /script|listener/i.test(node.$type.split(':')[1] ?? '')) {
    throw refuse('processCodeElement', { element });
  }
  for (const local of extensionAttributes(node, prefixes).keys()) {
    if (CODE_ATTRIBUTES.has(local)) throw refuse('processCodeElement', { element: `${element} (${local})` });
  }
}

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function assignedTask(node: ModdleNode, prefixes: Set<string>): ProcessUserTask {
  const attrs = extensionAttributes(node, prefixes);
  const task = {
    id: node.id ?? '',
    name: node.name?.trim() || node.id || '',
    assignee: attrs.get('assignee')?.trim() || null,
    candidateUsers: list(attrs.get('candidateUsers')),
    candidateGroups: list(attrs.get('candidateGroups')),
  };
  if (!task.assignee && task.candidateUsers.length === 0 && task.candidateGroups.length === 0) {
    throw refuse('processUnassignedTask', { task: task.name });
  }
  return task;
}
