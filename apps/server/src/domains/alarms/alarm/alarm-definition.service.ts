import {
  type AlarmDefinition,
  type AlarmDefinitionBody,
  type AlarmDefinitionPageBody,
  type AlarmDefinitionProblem,
  type AlarmDefinitionUpdateBody,
  type AlarmGroupConfigBody,
  alarmDefinitionProblem,
  alarmThresholdProblem,
  type DeviceType,
  type Lang,
  ResultCode,
} from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deviceModels, devices, modelPoints, points } from '../../../db/schema';
import type { MessageKey } from '../../../i18n/messages';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { assertDeviceInScope } from '../../stations/device';
import {
  definitionPage,
  deleteDefinitions,
  findDefinition,
  insertDefinition,
  nameTaken,
  updateDefinition,
  updateGroupConfig,
  visibleDefinitionIds,
} from './alarm-definition.repository';

const PROBLEM_KEYS: Record<AlarmDefinitionProblem, MessageKey> = {
  target: 'alarmTarget',
  threshold2Required: 'alarmThreshold2Required',
  threshold2Order: 'alarmThreshold2Order',
  bitIndex: 'alarmBitIndex',
  nodataSeconds: 'alarmNodataSeconds',
  holdNodata: 'alarmHoldNodata',
};

export const definitionProblem = (p: AlarmDefinitionProblem) =>
  new AppError(400, ResultCode.BAD_REQUEST, PROBLEM_KEYS[p]);

const nameTakenError = (name: string) => new AppError(409, ResultCode.CONFLICT, 'alarmNameTaken', { name });

/** Something to run after rules changed (the engine rebuilds its index); none without telemetry. */
export type RulesChanged = () => Promise<void>;

/** Alarm definitions (告警定义) and their group-level configuration. */
export class AlarmDefinitionService {
  constructor(
    private readonly db: Db,
    private readonly rulesChanged: RulesChanged,
  ) {}

  async page(
    user: SessionUser,
    b: AlarmDefinitionPageBody,
    lang: Lang,
  ): Promise<{ rows: AlarmDefinition[]; total: number }> {
    return definitionPage(this.db, b, await this.stations(user), lang);
  }

  async detail(user: SessionUser, id: number, lang: Lang): Promise<AlarmDefinition> {
    const d = await findDefinition(this.db, id, await this.stations(user), lang);
    if (!d) throw notFound('alarmDefinitionNotFound');
    return d;
  }

  async add(user: SessionUser, b: AlarmDefinitionBody): Promise<{ id: number }> {
    await this.check(user, b);
    if (await nameTaken(this.db, b.name)) throw nameTakenError(b.name);
    const id = await insertDefinition(this.db, b);
    if (id === null) throw nameTakenError(b.name);
    await this.rulesChanged();
    return { id };
  }

  async update(user: SessionUser, b: AlarmDefinitionUpdateBody, lang: Lang): Promise<null> {
    const { id, ...body } = b;
    const current = await findDefinition(this.db, id, await this.stations(user), lang);
    if (!current) throw notFound('alarmDefinitionNotFound');
    await this.check(user, body);
    // The name as shown in this language came back: not a rename, the translations stay.
    const renamed = body.name !== current.name;
    if (renamed && (await nameTaken(this.db, body.name, id))) throw nameTakenError(body.name);
    try {
      if (!(await updateDefinition(this.db, id, body, renamed))) throw notFound('alarmDefinitionNotFound');
    } catch (e) {
      // The name was taken between the check and the update.
      if (isUniqueViolation(e)) throw nameTakenError(body.name);
      throw e;
    }
    await this.rulesChanged();
    return null;
  }

  /** Deletes the definitions; their active alarms recover (the engine's rebuild), history stays. */
  async remove(user: SessionUser, ids: number[]): Promise<null> {
    const wanted = [...new Set(ids)];
    // All or none: an unknown id, or one of a device outside the caller's stations, is 404.
    const visible = await visibleDefinitionIds(this.db, wanted, await this.stations(user));
    if (visible.length !== wanted.length) throw notFound('alarmDefinitionNotFound');
    await deleteDefinitions(this.db, wanted);
    await this.rulesChanged();
    return null;
  }

  async saveGroup(user: SessionUser, b: AlarmGroupConfigBody): Promise<null> {
    const d = await findDefinition(this.db, b.definitionId, await this.stations(user));
    if (!d) throw notFound('alarmDefinitionNotFound');
    const problem = alarmThresholdProblem(d.condition, b.threshold, b.threshold2);
    if (problem) throw definitionProblem(problem);
    await updateGroupConfig(this.db, d.id, {
      threshold: b.threshold,
      threshold2: d.condition === 'outside' ? (b.threshold2 ?? null) : null,
      level: b.level,
      enabled: b.enabled,
    });
    await this.rulesChanged();
    return null;
  }

  /** The stations whose one-device definitions the caller may see (null: all, for admins). */
  private async stations(user: SessionUser): Promise<number[] | null> {
    return user.isAdmin ? null : stationIdsInScope(this.db, user);
  }

  /** Rules between fields, then the device (in the caller's scope) or type, and its point. */
  private async check(user: SessionUser, b: AlarmDefinitionBody): Promise<void> {
    const problem = alarmDefinitionProblem(b);
    if (problem) throw definitionProblem(problem);
    if (b.deviceId != null) {
      const { device } = await assertDeviceInScope(this.db, user, b.deviceId);
      const [p] = await this.db
        .select({ id: points.id })
        .from(points)
        .where(and(eq(points.deviceId, device.id), eq(points.code, b.pointCode)));
      if (!p) throw unknownPoint(device.type, b.pointCode);
    } else if (b.deviceType != null && !(await this.typeHasPoint(b.deviceType, b.pointCode))) {
      throw unknownPoint(b.deviceType, b.pointCode);
    }
  }

  /** A point of the type's device models, or of a device of that type (virtual points). */
  private async typeHasPoint(type: DeviceType, code: string): Promise<boolean> {
    const [model] = await this.db
      .select({ id: modelPoints.id })
      .from(modelPoints)
      .innerJoin(deviceModels, eq(deviceModels.id, modelPoints.modelId))
      .where(and(eq(deviceModels.type, type), eq(modelPoints.code, code)))
      .limit(1);
    if (model) return true;
    const [own] = await this.db
      .select({ id: points.id })
      .from(points)
      .innerJoin(devices, eq(devices.id, points.deviceId))
      .where(and(eq(devices.type, type), eq(points.code, code)))
      .limit(1);
    return own !== undefined;
  }
}

const unknownPoint = (type: string, code: string) =>
  new AppError(400, ResultCode.BAD_REQUEST, 'alarmPointUnknown', { type, code });

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
