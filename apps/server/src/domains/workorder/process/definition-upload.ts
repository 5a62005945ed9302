import { refusal } from '../../../lib/app-error';
import { DefinitionProblem, type ReadDefinition, readDefinition } from './bpmn-read';

const XML_NAMES = /\.(bpmn|bpmn20\.xml)$/i;
const ARCHIVE_NAMES = /\.(bar|zip)$/i;

/**
 * The definition an uploaded file holds, or a 400 naming the problem. Plain `.bpmn` and
 * `.bpmn20.xml` are read here; `.bar` and `.zip` wait for the process-archive validator
 * (workorder/process-archive), which this adapter calls once it is in.
 */
export async function definitionFromUpload(bytes: Buffer, fileName: string): Promise<ReadDefinition & { xml: string }> {
  if (ARCHIVE_NAMES.test(fileName)) {
    throw refusal('workorderDefinitionInvalid', 400, { detail: 'archive' });
  }
  if (!XML_NAMES.test(fileName)) throw refusal('workorderDefinitionInvalid', 400, { detail: fileName });
  const xml = bytes.toString('utf8');
  try {
    return { ...(await readDefinition(xml)), xml };
  } catch (err) {
    if (err instanceof DefinitionProblem) throw refusal('workorderDefinitionInvalid', 400, { detail: err.message });
    throw err;
  }
}
