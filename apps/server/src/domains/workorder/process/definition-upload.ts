import type { Readable } from 'node:stream';
import { ResultCode } from '@ess/contract';
import { AppError, refusal } from '../../../lib/app-error';
import type { UploadPart } from '../../../lib/endpoint-upload';
import {
  assertProcessFileName,
  PROCESS_XML_MAX_BYTES,
  processTooLarge,
  validateProcessUpload,
} from '../process-archive';
import { DefinitionProblem, type ReadDefinition, readDefinition } from './bpmn-read';

/**
 * The definition an uploaded file holds, or a refusal naming the problem. Its name is judged
 * before a byte is read (spec 5: `.bpmn`, `.bpmn20.xml`, `.bar`, `.zip` only); the bytes are
 * counted while they arrive and refused past the cap (413) before the rest is read. Then the
 * process-archive validator checks the file (archive limits from the central directory before
 * anything is inflated, safe names, well-formed XML, one executable process, assigned user
 * tasks, no code), and the engine's own reading adds each task's order status and the routes
 * its actions take (`${content.output.<action>}` on its flows).
 */
export async function definitionFromUpload(file: UploadPart): Promise<ReadDefinition & { xml: string }> {
  assertProcessFileName(file.fileName);
  const bytes = await readWithin(file.stream, PROCESS_XML_MAX_BYTES);
  if (bytes.length === 0) throw new AppError(400, ResultCode.BAD_REQUEST, 'fileEmpty');
  const { xml } = await validateProcessUpload(bytes, file.fileName);
  try {
    return { ...(await readDefinition(xml)), xml };
  } catch (err) {
    if (err instanceof DefinitionProblem) throw refusal('workorderDefinitionInvalid', 400, { detail: err.message });
    throw err;
  }
}

/** The whole stream, refused (413) as soon as it passes `maxBytes`: a definition is small, held in memory. */
async function readWithin(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw processTooLarge();
    chunks.push(chunk);
  }
  // Busboy cuts a part at its own limit without an error: a cut file is too large too.
  if ((stream as Readable & { truncated?: boolean }).truncated) throw processTooLarge();
  return Buffer.concat(chunks);
}
