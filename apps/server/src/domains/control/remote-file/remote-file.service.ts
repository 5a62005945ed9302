import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  FILE_RULES,
  type Lang,
  type RemoteFileRow,
  TRANSFER_TIMEOUT_S,
  type TransferDirection,
  type TransferRow,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { notFound, refusal } from '../../../lib/app-error';
import type { StreamAnswer } from '../../../lib/endpoint-route';
import type { UploadPart } from '../../../lib/endpoint-upload';
import { pageSlice } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/types';
import { userNames } from '../../access/user';
import type { FileService } from '../../platform/files';
import { assertDeviceInScope, firmwareDevices } from '../../stations/device';
import {
  type CommandOutcome,
  type CommandService,
  commandOutcomes,
  deviceLane,
  platformMessage,
  readMessage,
} from '../command';
import {
  attachReceived,
  deleteTransfer,
  insertTransfer,
  pulledFrom,
  recordDeviceSha,
  type TransferRecord,
  transferOfToken,
  transferPage,
  transfersOfFile,
} from './remote-file.repository';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const IN_FLIGHT = new Set(['pending', 'sent']);
/** How long a push's success waits for the device's checksum to be stored. */
const VERIFY_GRACE_MS = 10_000;

type FilePage = {
  stationId: number;
  pageNum: number;
  pageSize: number;
  name?: string;
  orderBy?: 'createdAt' | 'name';
  order?: 'asc' | 'desc';
};

/**
 * Remote files of a station and their transfers to and from its devices (issue 25 part 2).
 * A transfer is a command (delivery, one control at a time per device, restarts) plus what the
 * command does not know: the file, the path, the device's checksum and the one-time URL.
 */
export class RemoteFileService {
  constructor(
    private readonly o: {
      db: Db;
      files: FileService;
      commands: CommandService;
      bus: TelemetryBus;
      /** Where devices reach this platform over HTTP (no trailing slash). */
      baseUrl: () => string;
    },
  ) {}

  /** Keeps the checksum a device answers for a pushed file. Returns the remover. */
  listen(onError: (err: unknown) => void): () => void {
    return this.o.bus.on('commandAck', ({ ack }) => {
      if (ack.status === 'success' && ack.sha256 && ack.id.startsWith('filePush-'))
        recordDeviceSha(this.o.db, ack.id, ack.sha256).catch(onError);
    });
  }

  upload(stationId: number, file: UploadPart, user: SessionUser) {
    return this.o.files.upload({ purpose: 'remoteFile', stationId }, file, user);
  }

  async page(q: FilePage): Promise<{ rows: RemoteFileRow[]; total: number }> {
    const { db, files } = this.o;
    const { rows, total } = await files.stationFiles({ ...q, purpose: 'remoteFile', ...pageSlice(q) });
    const [names, pulled] = await Promise.all([
      userNames(
        db,
        rows.map((r) => r.uploadedBy),
      ),
      pulledFrom(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    const sns = new Map(
      (await firmwareDevices(db, null, [...new Set(pulled.values())])).map((d) => [d.deviceId, d.sn]),
    );
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        size: r.size,
        sha256: r.sha256,
        contentType: r.contentType,
        uploadedBy: r.uploadedBy === null ? null : (names.get(r.uploadedBy) ?? null),
        createdAt: r.createdAt,
        fromDevice: sns.get(pulled.get(r.id) ?? 0) ?? null,
      })),
    };
  }

  /** A remote file of a station in the caller's scope (404 otherwise, as if it did not exist). */
  private async remoteFile(id: string, user: SessionUser) {
    const meta = await this.o.files.meta(id, user);
    if (meta.purpose !== 'remoteFile' || meta.stationId === null) throw notFound('fileNotFound');
    return meta;
  }

  async remove(id: string, user: SessionUser): Promise<null> {
    const { db, files } = this.o;
    await this.remoteFile(id, user);
    const moving = await transfersOfFile(db, id);
    const outcomes = await commandOutcomes(
      db,
      moving.map((t) => t.commandId),
    );
    if (moving.some((t) => IN_FLIGHT.has(outcomes.get(t.commandId)?.state ?? '')))
      throw refusal('transferInFlight', 409);
    await files.remove(id);
    return null;
  }

  async push(
    b: { fileId: string; deviceId: number; path: string },
    user: SessionUser,
    lang: Lang,
  ): Promise<TransferRow> {
    const file = await this.remoteFile(b.fileId, user);
    const { device, station } = await assertDeviceInScope(this.o.db, user, b.deviceId);
    if (device.stationId !== file.stationId) throw refusal('transferOtherStation');
    return this.start(
      'push',
      { stationId: station.id, stationCode: station.code, deviceId: device.id, sn: device.sn },
      b.path,
      user,
      lang,
      {
        fileId: file.id,
        name: file.name,
        size: file.size,
        sha256: file.sha256,
      },
    );
  }

  async pull(b: { deviceId: number; path: string }, user: SessionUser, lang: Lang): Promise<TransferRow> {
    const { device, station } = await assertDeviceInScope(this.o.db, user, b.deviceId);
    return this.start(
      'pull',
      { stationId: station.id, stationCode: station.code, deviceId: device.id, sn: device.sn },
      b.path,
      user,
      lang,
    );
  }

  private async start(
    direction: TransferDirection,
    target: { stationId: number; stationCode: string; deviceId: number; sn: string },
    devicePath: string,
    user: SessionUser,
    lang: Lang,
    file?: { fileId: string; name: string; size: number; sha256: string },
  ): Promise<TransferRow> {
    const { db, commands, baseUrl } = this.o;
    const token = randomBytes(32).toString('base64url');
    const kind = direction === 'push' ? 'filePush' : 'filePull';
    const commandId = `${kind}-${randomUUID()}`;
    const stored = await insertTransfer(db, {
      stationId: target.stationId,
      deviceId: target.deviceId,
      direction,
      fileId: file?.fileId ?? null,
      path: devicePath,
      commandId,
      tokenHash: sha(token),
      expires: new Date(Date.now() + (TRANSFER_TIMEOUT_S + 60) * 1000),
      createdBy: user.userId,
    });
    const url = `${baseUrl()}/api/remote/file/${direction === 'push' ? 'fetch' : 'receive'}/${token}`;
    // Refused before it was stored (another control of the device in flight, a value check): no transfer either.
    await commands
      .issue(
        {
          target,
          origin: kind,
          lane: deviceLane(target.deviceId),
          transfer:
            direction === 'push' && file
              ? { direction, url, path: devicePath, name: file.name, size: file.size, sha256: file.sha256 }
              : { direction, url, path: devicePath, maxBytes: FILE_RULES.remoteFile.maxBytes },
          timeoutS: TRANSFER_TIMEOUT_S,
          commandId,
          issuedBy: user.userId,
        },
        lang,
      )
      .catch(async (err: unknown) => {
        await deleteTransfer(db, stored.id);
        throw err;
      });
    const [row] = await this.describe([stored], lang);
    if (!row) throw new Error('transfer not described');
    return row;
  }

  async transfers(q: { stationId: number; pageNum: number; pageSize: number }, lang: Lang) {
    const { rows, total } = await transferPage(this.o.db, { stationId: q.stationId, ...pageSlice(q) });
    return { rows: await this.describe(rows, lang), total };
  }

  /** Rows as the list shows them: the command's state, a success only when the platform verified it. */
  private async describe(rows: TransferRecord[], lang: Lang): Promise<TransferRow[]> {
    const { db, files } = this.o;
    const [outcomes, described, devices, names] = await Promise.all([
      commandOutcomes(
        db,
        rows.map((r) => r.commandId),
      ),
      files.describeFiles(rows.flatMap((r) => (r.fileId ? [r.fileId] : []))),
      firmwareDevices(db, null, [...new Set(rows.map((r) => r.deviceId))]),
      userNames(
        db,
        rows.map((r) => r.createdBy),
      ),
    ]);
    const fileOf = new Map(described.map((f) => [f.id, f]));
    const snOf = new Map(devices.map((d) => [d.deviceId, d.sn]));
    return rows.map((r) => {
      const f = r.fileId ? fileOf.get(r.fileId) : undefined;
      const { state, message } = verdict(r, outcomes.get(r.commandId), f?.sha256 ?? null, lang);
      return {
        id: r.id,
        direction: r.direction,
        deviceId: r.deviceId,
        deviceSn: snOf.get(r.deviceId) ?? '',
        path: r.path,
        fileId: r.fileId,
        fileName: f?.name ?? null,
        size: f?.size ?? null,
        sha256: f?.sha256 ?? null,
        deviceSha256: r.deviceSha256,
        state,
        message,
        createdBy: r.createdBy === null ? null : (names.get(r.createdBy) ?? null),
        createdAt: r.createTime.getTime(),
        endedAt: outcomes.get(r.commandId)?.resolvedTime?.getTime() ?? null,
      };
    });
  }

  /** A device fetching a pushed file: its transfer's URL, while the command is in flight. */
  async fetch(token: string, range: string | undefined): Promise<StreamAnswer> {
    const { db, files } = this.o;
    const t = await transferOfToken(db, sha(token), new Date());
    if (t?.direction !== 'push' || !t.fileId || !(await this.inFlight(t))) throw refusal('transferUrlRefused', 403);
    return files.serve(t.fileId, range);
  }

  /** A device uploading a pulled file (raw body): stored in the file store once, the URL closed. */
  async receive(token: string, stream: Readable): Promise<{ sha256: string; size: number }> {
    const { db, files } = this.o;
    const t = await transferOfToken(db, sha(token), new Date());
    if (t?.direction !== 'pull' || t.fileId || !(await this.inFlight(t))) {
      stream.resume();
      throw refusal('transferUrlRefused', 403);
    }
    const [device] = await firmwareDevices(db, null, [t.deviceId]);
    const base = path.posix.basename(t.path) || 'file';
    const name = `${device?.sn ?? t.deviceId}-${base === 'log' ? 'device.log' : base}`;
    const stored = await files.store(
      { purpose: 'remoteFile', stationId: t.stationId },
      { fileName: name, stream },
      t.createdBy,
    );
    if (!(await attachReceived(db, t.id, stored.id))) {
      await files.remove(stored.id);
      throw refusal('transferUrlRefused', 409);
    }
    return { sha256: stored.sha256, size: stored.size };
  }

  private async inFlight(t: TransferRecord): Promise<boolean> {
    const state = (await commandOutcomes(this.o.db, [t.commandId])).get(t.commandId)?.state;
    return state !== undefined && IN_FLIGHT.has(state);
  }
}

/**
 * The state a user reads: the command's, except that a push succeeded only when the device's
 * checksum equals the file's, and a pull only when its file arrived.
 */
function verdict(
  t: TransferRecord,
  o: CommandOutcome | undefined,
  fileSha: string | null,
  lang: Lang,
): { state: TransferRow['state']; message: string | null } {
  const message = readMessage(o?.message ?? null, lang);
  if (!o) return { state: 'pending', message: null };
  if (o.state !== 'success') return { state: o.state, message };
  // The checksum comes with the answer that settled the command; it is stored alongside, a moment apart.
  const settledMs = Date.now() - (o.resolvedTime?.getTime() ?? 0);
  if (t.direction === 'push' && t.deviceSha256 === null && settledMs < VERIFY_GRACE_MS)
    return { state: 'sent', message: null };
  if (t.direction === 'push' && t.deviceSha256 !== fileSha) {
    const got = (t.deviceSha256 ?? '?').slice(0, 12);
    return { state: 'failure', message: readMessage(platformMessage('transferChecksumDiffers', { sha: got }), lang) };
  }
  if (t.direction === 'pull' && !t.fileId)
    return { state: 'failure', message: readMessage(platformMessage('transferNoFile'), lang) };
  return { state: 'success', message };
}
