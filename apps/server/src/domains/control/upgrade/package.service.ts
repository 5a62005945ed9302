import type { UpgradePackageFields, UpgradePackageRow } from '@ess/contract';
import type { Db } from '../../../db/client';
import { notFound, refusal } from '../../../lib/app-error';
import type { UploadPart } from '../../../lib/endpoint-upload';
import { pageSlice } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/types';
import { userNames } from '../../access/user';
import type { FileService } from '../../platform/files';
import { deviceModelExists } from '../../stations/equipment';
import {
  deletePackage,
  findPackage,
  insertPackage,
  packageExists,
  packagePage,
  tasksOfPackage,
} from './upgrade.repository';

type PageBody = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'createdAt' | 'version';
  order?: 'asc' | 'desc';
  modelCode?: string;
};

const exists = (model: string, version: string) => refusal('upgradePackageExists', 409, { model, version });

/** Firmware packages: a file of the one file store (purpose `firmware`) for a model and version. */
export class PackageService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  /** Model and version are checked before a byte is read; the file is hashed while it streams. */
  async add(fields: UpgradePackageFields, file: UploadPart, user: SessionUser) {
    const { modelCode, version } = fields;
    if (!(await deviceModelExists(this.db, modelCode))) throw refusal('upgradeModelUnknown', 400, { model: modelCode });
    if (await packageExists(this.db, modelCode, version)) throw exists(modelCode, version);
    const stored = await this.files.upload({ purpose: 'firmware' }, file, user);
    const id = await insertPackage(this.db, {
      modelCode,
      version,
      notes: fields.notes || null,
      fileId: stored.id,
      createdBy: user.userId,
    });
    if (id === null) {
      await this.files.remove(stored.id);
      throw exists(modelCode, version);
    }
    return { id, sha256: stored.sha256, size: stored.size };
  }

  async page(body: PageBody): Promise<{ rows: UpgradePackageRow[]; total: number }> {
    const { offset, limit } = pageSlice(body);
    const { rows, total } = await packagePage(this.db, { ...body, offset, limit });
    const names = await userNames(
      this.db,
      rows.map((r) => r.pkg.createdBy),
    );
    const files = new Map((await this.files.describeFiles(rows.map((r) => r.pkg.fileId))).map((f) => [f.id, f]));
    return {
      total,
      rows: rows.map(({ pkg, tasks }) => {
        const f = files.get(pkg.fileId);
        return {
          id: pkg.id,
          modelCode: pkg.modelCode,
          version: pkg.version,
          notes: pkg.notes,
          fileName: f?.name ?? '',
          size: f?.size ?? 0,
          sha256: f?.sha256 ?? '',
          createdBy: pkg.createdBy === null ? null : (names.get(pkg.createdBy) ?? null),
          createdAt: pkg.createTime.getTime(),
          tasks,
        };
      }),
    };
  }

  async remove(id: number): Promise<null> {
    const pkg = await findPackage(this.db, id);
    if (!pkg) throw notFound('upgradePackageNotFound');
    const tasks = await tasksOfPackage(this.db, id);
    if (tasks > 0) throw refusal('upgradePackageInUse', 409, { tasks });
    await deletePackage(this.db, id);
    await this.files.remove(pkg.fileId);
    return null;
  }
}
