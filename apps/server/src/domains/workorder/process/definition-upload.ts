import { refusal } from '../../../lib/app-error';
import { validateProcessUpload } from '../process-archive';
import { DefinitionProblem, type ReadDefinition, readDefinition } from './bpmn-read';

/**
 * The definition an uploaded file holds, or a refusal naming the problem. The process-archive
 * validator checks the file (extension, archive limits, well-formed XML, one executable
 * process, assigned user tasks, no code); then the engine's own reading adds each task's
 * order status and the routes its actions take (`${content.output.<action>}` on its flows).
 */
export async function definitionFromUpload(bytes: Buffer, fileName: string): Promise<ReadDefinition & { xml: string }> {
  const { xml } = await validateProcessUpload(bytes, fileName);
  try {
    return { ...(await readDefinition(xml)), xml };
  } catch (err) {
    if (err instanceof DefinitionProblem) throw refusal('workorderDefinitionInvalid', 400, { detail: err.message });
    throw err;
  }
}
