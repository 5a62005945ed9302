import {
  type Lang,
  type PlanCurveConfig,
  type PlanDeliverBody,
  type PlanDeliverCheckStation,
  type PlanDelivery,
  type PlanDeliveryPageBody,
  type PlanDeliveryRow,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { type MessageKey, translate } from '../../../i18n/messages';
import { assertStationInScope, stationIdsInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { AuthService } from '../../access/auth';
import type { StationRow } from '../../stations/station';
import type { CommandService } from '../command';
import { emsOfStations, platformMessage } from '../command';
import { planRefusal, planReleases, stationControls } from './plan-control.repository';
import { assertSegmentsAt, type PlanCurveService } from './plan-curve.service';
import {
  deliveryHeads,
  deliveryPageIds,
  deliveryStateOf,
  deliveryStations,
  insertDelivery,
  insertDeliveryStation,
} from './plan-delivery.repository';

/** Plan deliveries share one lane: one in flight per station (spec 8 "delivery in progress, wait"). */
export const PLAN_LANE = 'plan';

const conflict = (key: MessageKey, data: unknown = null) =>
  new AppError(409, ResultCode.CONFLICT, key, undefined, data);

type DeliverInput = Omit<PlanDeliverBody, 'templateId' | 'stationIds'> & { templateId: number; stationIds: number[] };

/**
 * Plan curve delivery (/strategic-management/plan-curve-issue) and its history. A delivery is a
 * snapshot of the template with one `planCurve` command per station to its EMS; each station's
 * state is its command's, read by joining the command row, so it is never stale. Before anything
 * is stored, every station's rating (and EMS setpoint range) is checked against every segment:
 * rated power is the bound, so one station that cannot take the plan refuses the whole delivery.
 */
export class PlanDeliveryService {
  constructor(
    private readonly db: Db,
    private readonly commands: CommandService,
    private readonly auth: AuthService,
    private readonly templates: PlanCurveService,
  ) {}

  async deliver(user: SessionUser, b: DeliverInput, ip: string, lang: Lang): Promise<PlanDelivery> {
    await this.auth.confirmPassword(user, { password: b.password, aesKey: b.aesKey, iv: b.iv }, { ip });
    const template = await this.templates.visible(user, b.templateId);
    if (template.modifyTime !== b.modifyTime) throw conflict('planCurveNotSaved');
    const stationIds = [...new Set(b.stationIds)];
    if (template.segments.length === 0 || stationIds.length === 0) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'planCurveNoData');
    }
    if (!template.enabled) throw conflict('planCurveDisabled');
    const targets: StationRow[] = [];
    for (const id of stationIds) targets.push(await assertStationInScope(this.db, user, id));
    if (template.stationId !== null && targets.some((s) => s.id !== template.stationId)) {
      const station = template.stationName ?? String(template.stationId);
      throw new AppError(400, ResultCode.BAD_REQUEST, 'planCurveOtherStation', { station });
    }
    for (const s of targets) await assertSegmentsAt(this.db, { id: s.id, name: s.name }, template.segments, lang);

    const deliveryId = await insertDelivery(this.db, {
      templateId: template.id,
      templateCode: template.code,
      templateName: template.name,
      templateModifyTime: template.modifyTime,
      segments: template.segments,
      issuedBy: user.userId,
    });
    const config: PlanCurveConfig = {
      code: template.code,
      name: template.name,
      version: template.modifyTime,
      segments: template.segments,
    };
    const ids = targets.map((s) => s.id);
    const [ems, controls] = await Promise.all([emsOfStations(this.db, ids), stationControls(this.db, ids)]);
    for (const station of targets) {
      const e = ems.get(station.id);
      const control = controls.get(station.id);
      const refusal = control ? planRefusal(control) : null;
      let commandId: number | null = null;
      let refused: string | null = null;
      if (!e) refused = platformMessage('commandNoEms');
      else if (refusal) refused = platformMessage(refusal);
      else {
        try {
          const cmd = await this.commands.issue(
            {
              target: { stationId: station.id, stationCode: station.code, deviceId: e.id, sn: e.sn },
              origin: 'planCurve',
              lane: PLAN_LANE,
              config,
              issuedBy: user.userId,
            },
            lang,
          );
          commandId = cmd.id;
        } catch (err) {
          // Another delivery still in flight to this station: this one is refused there, others proceed.
          if (!(err instanceof AppError)) throw err;
          refused = platformMessage(err.key);
        }
      }
      await insertDeliveryStation(this.db, { deliveryId, stationId: station.id, commandId, refused });
    }
    return this.detail(user, deliveryId, lang);
  }

  /**
   * What a delivery to these stations would do, told before it is sent: each station's control
   * source now, the setpoints the accepted plan releases (device by device), or why the station
   * refuses it (docs/control-precedence.md).
   */
  async check(user: SessionUser, stationIds: number[], lang: Lang): Promise<PlanDeliverCheckStation[]> {
    const targets: StationRow[] = [];
    for (const id of new Set(stationIds)) targets.push(await assertStationInScope(this.db, user, id));
    const controls = await stationControls(
      this.db,
      targets.map((s) => s.id),
      lang,
    );
    return targets.map((s) => {
      const c = controls.get(s.id) ?? { ems: null, units: [], sequenceRunning: false };
      const refusal = planRefusal(c);
      return {
        stationId: s.id,
        stationName: s.name,
        controlSource: c.sequenceRunning ? 'sequence' : (c.ems?.source ?? null),
        controlSince: c.sequenceRunning ? null : (c.ems?.since ?? null),
        refused: refusal ? translate(lang, refusal) : null,
        releases: refusal
          ? []
          : planReleases(c).flatMap((d) =>
              d.source ? [{ deviceId: d.deviceId, deviceName: d.deviceName, source: d.source }] : [],
            ),
      };
    });
  }

  async page(
    user: SessionUser,
    q: PlanDeliveryPageBody & { pageNum: number; pageSize: number; stationId?: number; templateId?: number },
    lang: Lang,
  ): Promise<{ rows: PlanDeliveryRow[]; total: number }> {
    const scope = await stationIdsInScope(this.db, user);
    if (q.stationId !== undefined && !scope.includes(q.stationId)) throw notFound('stationNotFound');
    const { ids, total } = await deliveryPageIds(this.db, scope, q);
    const rows = await this.assemble(ids, scope, lang);
    return { rows: rows.map(({ segments: _s, ...r }) => r), total };
  }

  /** One delivery, if it reached a station the caller may see (else 404 like a missing one). */
  async detail(user: SessionUser, id: number, lang: Lang): Promise<PlanDelivery> {
    const scope = await stationIdsInScope(this.db, user);
    const [row] = await this.assemble([id], scope, lang);
    if (!row) throw notFound('planDeliveryNotFound');
    return row;
  }

  private async assemble(ids: number[], scope: number[], lang: Lang): Promise<PlanDelivery[]> {
    const [heads, stationsOf] = await Promise.all([
      deliveryHeads(this.db, ids),
      deliveryStations(this.db, ids, scope, lang),
    ]);
    return ids.flatMap((id) => {
      const head = heads.get(id);
      const list = stationsOf.get(id);
      if (!head || !list) return [];
      return [{ ...head, state: deliveryStateOf(list.map((s) => s.state)), stations: list }];
    });
  }
}
