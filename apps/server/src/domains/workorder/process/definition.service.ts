import type { DefinitionDetail, DefinitionRow, Lang } from '@ess/contract';
import type { Db } from '../../../db/client';
import { notFound, refusal } from '../../../lib/app-error';
import type { UploadPart } from '../../../lib/endpoint-upload';
import type { SessionUser } from '../../../lib/types';
import { rowName } from '../../stations/device';
import {
  type DefinitionPageQuery,
  type DefinitionRecord,
  deleteIdleDefinition,
  findDefinition,
  insertDefinitionVersion,
  pageDefinitions,
  runningCount,
  setSuspended,
} from './definition.repository';
import { definitionFromUpload } from './definition-upload';

const epoch = (d: Date) => d.getTime();

/** Process definitions: import (a new version per key), suspend, activate, delete. */
export class DefinitionService {
  constructor(private readonly db: Db) {}

  async page(q: DefinitionPageQuery, lang: Lang): Promise<{ rows: DefinitionRow[]; total: number }> {
    const { rows, total } = await pageDefinitions(this.db, q, lang);
    return { rows: rows.map((r) => ({ ...r, deployedAt: epoch(r.deployedAt) })), total };
  }

  async detail(id: number, lang: Lang): Promise<DefinitionDetail> {
    const row = await this.found(id);
    return {
      id: row.id,
      key: row.key,
      version: row.version,
      name: rowName(row, lang),
      suspended: row.suspended,
      builtIn: row.builtIn,
      deployedAt: epoch(row.deployedAt),
      deployedBy: row.deployedBy,
      runningCount: await runningCount(this.db, id),
      xml: row.xml,
      userTasks: row.nodes.map((n) => ({
        id: n.id,
        name: rowName({ name: n.name, names: n.names ?? {} }, lang),
        candidateUsers: n.candidateUsers,
        candidateGroups: n.candidateGroups,
      })),
    };
  }

  /** Deploys an uploaded file (still streaming) as a new version of its key, after every check. */
  async import(user: SessionUser, file: UploadPart) {
    const read = await definitionFromUpload(file);
    const made = await insertDefinitionVersion(this.db, {
      key: read.key,
      name: read.name,
      xml: read.xml,
      nodes: read.nodes,
      deployedBy: user.username,
    });
    return { ...made, key: read.key };
  }

  async suspend(id: number, suspended: boolean): Promise<null> {
    if (!(await setSuspended(this.db, id, suspended))) throw notFound('workorderDefinitionNotFound');
    return null;
  }

  async remove(id: number): Promise<null> {
    await this.found(id);
    if (!(await deleteIdleDefinition(this.db, id))) {
      throw refusal('workorderDefinitionRunning', 409, { count: await runningCount(this.db, id) });
    }
    return null;
  }

  private async found(id: number): Promise<DefinitionRecord> {
    const row = await findDefinition(this.db, id);
    if (!row) throw notFound('workorderDefinitionNotFound');
    return row;
  }
}
