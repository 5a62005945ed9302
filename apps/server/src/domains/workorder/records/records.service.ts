import {
  type InspectionRecordRow,
  type Lang,
  localDateTime,
  type RepairRecordRow,
  type StoredFile,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { translate } from '../../../i18n/messages';
import { notFound } from '../../../lib/app-error';
import type { FileAnswer } from '../../../lib/endpoint-route';
import { zonedHeader } from '../../../lib/export-file';
import type { SessionUser } from '../../../lib/types';
import type { FileService } from '../../platform/files';
import { findStation } from '../../stations/station';
import * as repo from './records.repository';

type InspectionInput = { stationId: number; name: string; content: string; recordTime: number; recorder: string };
type RepairInput = {
  stationId: number;
  repairman: string;
  location: string;
  content: string;
  repairTime: number;
  remark: string;
  pictureIds: string[];
};
/** What a finished fault-repair order writes (the order module checked its pictures already). */
export type OrderRepair = Omit<RepairInput, 'remark' | 'pictureIds'> & {
  remark?: string;
  pictureIds?: string[];
  orderId: number;
  userId: number | null;
};
type Page<K extends string> = repo.RecordFilter & {
  pageNum: number;
  pageSize: number;
  orderBy?: K;
  order?: 'asc' | 'desc';
};

const missing = () => notFound('recordNotFound');

const inspectionOut = (r: repo.InspectionRow): InspectionRecordRow => ({
  id: r.id,
  stationId: r.stationId,
  name: r.name,
  content: r.content,
  recordTime: r.recordTime.getTime(),
  recorder: r.recorder,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

/**
 * Inspection and repair records (spec 3). Every call names its station, which the guard
 * holds to the caller's scope; a record is found only at its own station, so an id of
 * another station answers 404. Repair pictures are files of the store linked by id.
 */
export class RecordService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  private async repairsOut(rows: repo.RepairRow[]): Promise<RepairRecordRow[]> {
    const described = new Map<string, StoredFile>(
      (await this.files.describeFiles([...new Set(rows.flatMap((r) => r.pictureIds))])).map((f) => [f.id, f]),
    );
    return rows.map((r) => ({
      id: r.id,
      stationId: r.stationId,
      repairman: r.repairman,
      location: r.location,
      content: r.content,
      repairTime: r.repairTime.getTime(),
      remark: r.remark,
      pictures: r.pictureIds.flatMap((id) => described.get(id) ?? []),
      orderId: r.orderId,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    }));
  }

  private async repairOut(row: repo.RepairRow): Promise<RepairRecordRow> {
    const [out] = await this.repairsOut([row]);
    if (!out) throw missing();
    return out;
  }

  async inspectionPage(q: Page<'recordTime' | 'name' | 'recorder'>) {
    const { rows, total } = await repo.inspectionPage(this.db, q);
    return { rows: rows.map(inspectionOut), total };
  }

  async addInspection(b: InspectionInput, user: SessionUser): Promise<InspectionRecordRow> {
    const row = await repo.insertInspection(this.db, {
      ...b,
      recordTime: new Date(b.recordTime),
      createdBy: user.userId,
    });
    return inspectionOut(row);
  }

  async updateInspection(b: InspectionInput & { id: number }): Promise<InspectionRecordRow> {
    const { id, stationId, recordTime, ...rest } = b;
    const row = await repo.updateInspection(this.db, id, stationId, { ...rest, recordTime: new Date(recordTime) });
    if (!row) throw missing();
    return inspectionOut(row);
  }

  async removeInspection(b: { stationId: number; id: number }): Promise<null> {
    if (!(await repo.deleteInspection(this.db, b.id, b.stationId))) throw missing();
    return null;
  }

  async repairPage(q: Page<'repairTime' | 'repairman' | 'location'>) {
    const { rows, total } = await repo.repairPage(this.db, q);
    return { rows: await this.repairsOut(rows), total };
  }

  async addRepair(b: RepairInput, user: SessionUser): Promise<RepairRecordRow> {
    await this.files.assertFilesUsable(b.pictureIds, {
      stationId: b.stationId,
      userId: user.userId,
      purpose: 'picture',
    });
    const row = await repo.insertRepair(this.db, { ...b, repairTime: new Date(b.repairTime), createdBy: user.userId });
    if (!row) throw missing();
    return this.repairOut(row);
  }

  async updateRepair(b: RepairInput & { id: number }, user: SessionUser): Promise<RepairRecordRow> {
    const { id, stationId, repairTime, ...rest } = b;
    const current = await repo.findRepair(this.db, id);
    if (!current || current.stationId !== stationId) throw missing();
    // Pictures the record holds already stay usable (another user may have added them).
    const added = rest.pictureIds.filter((p) => !current.pictureIds.includes(p));
    await this.files.assertFilesUsable(added, { stationId, userId: user.userId, purpose: 'picture' });
    const row = await repo.updateRepair(this.db, id, stationId, { ...rest, repairTime: new Date(repairTime) });
    if (!row) throw missing();
    return this.repairOut(row);
  }

  async removeRepair(b: { stationId: number; id: number }): Promise<null> {
    if (!(await repo.deleteRepair(this.db, b.id, b.stationId))) throw missing();
    return null;
  }

  /**
   * The repair record of a finished fault-repair order (the face for the order module): at
   * most one per order, so finishing twice (a retried step) writes it once. Only pictures
   * (image files) of the given ids are kept.
   */
  async addRepairRecord(input: OrderRepair): Promise<RepairRecordRow> {
    const existing = await repo.repairOfOrder(this.db, input.orderId);
    if (existing) return this.repairOut(existing);
    const images = (await this.files.describeFiles(input.pictureIds ?? [])).filter((f) =>
      f.contentType.startsWith('image/'),
    );
    const row =
      (await repo.insertRepair(this.db, {
        stationId: input.stationId,
        repairman: input.repairman,
        location: input.location,
        content: input.content,
        repairTime: new Date(input.repairTime),
        remark: input.remark ?? '',
        pictureIds: images.map((f) => f.id),
        orderId: input.orderId,
        createdBy: input.userId,
      })) ?? (await repo.repairOfOrder(this.db, input.orderId));
    if (!row) throw missing();
    return this.repairOut(row);
  }

  async exportInspections(f: repo.RecordFilter, lang: Lang): Promise<FileAnswer> {
    const station = await this.station(f.stationId);
    const rows = await repo.inspectionsFor(this.db, f);
    const t = (k: Parameters<typeof translate>[1]) => translate(lang, k);
    const times = rows.map((r) => r.recordTime.getTime());
    const name = `${t('inspectionExportName')} ${station.name}`;
    return {
      format: 'xlsx',
      name,
      sheets: [
        {
          name: t('inspectionExportName'),
          columns: [
            { key: 'name', header: t('recordExportName'), width: 24 },
            { key: 'content', header: t('recordExportContent'), width: 48 },
            {
              key: 'time',
              header: zonedHeader(
                t('recordExportRecordTime'),
                station.timezone,
                Math.min(...times, Date.now()),
                Math.max(...times, 0),
              ),
              width: 22,
            },
            { key: 'recorder', header: t('recordExportRecorder'), width: 14 },
          ],
          rows: rows.map((r) => ({
            name: r.name,
            content: r.content,
            time: localDateTime(r.recordTime.getTime(), station.timezone),
            recorder: r.recorder,
          })),
        },
      ],
    };
  }

  async exportRepairs(f: repo.RecordFilter, lang: Lang): Promise<FileAnswer> {
    const station = await this.station(f.stationId);
    const rows = await this.repairsOut(await repo.repairsFor(this.db, f));
    const t = (k: Parameters<typeof translate>[1]) => translate(lang, k);
    const times = rows.map((r) => r.repairTime);
    return {
      format: 'xlsx',
      name: `${t('repairExportName')} ${station.name}`,
      sheets: [
        {
          name: t('repairExportName'),
          columns: [
            { key: 'repairman', header: t('recordExportRepairman'), width: 14 },
            { key: 'location', header: t('recordExportLocation'), width: 24 },
            { key: 'content', header: t('recordExportContent'), width: 48 },
            {
              key: 'time',
              header: zonedHeader(
                t('recordExportRepairTime'),
                station.timezone,
                Math.min(...times, Date.now()),
                Math.max(...times, 0),
              ),
              width: 22,
            },
            { key: 'remark', header: t('recordExportRemark'), width: 24 },
            { key: 'pictures', header: t('recordExportPictures'), width: 30 },
            { key: 'order', header: t('recordExportOrder'), width: 10 },
          ],
          rows: rows.map((r) => ({
            repairman: r.repairman,
            location: r.location,
            content: r.content,
            time: localDateTime(r.repairTime, station.timezone),
            remark: r.remark,
            pictures: r.pictures.map((p) => p.name).join(', '),
            order: r.orderId,
          })),
        },
      ],
    };
  }

  private async station(id: number) {
    const row = await findStation(this.db, id);
    if (!row) throw notFound('stationNotFound');
    return row;
  }
}
