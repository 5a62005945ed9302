import type { Lang, PlanCurveConfig } from '@ess/contract';
import type { Db } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { worstActiveLevel } from '../../../alarms/alarm';
import { findStation } from '../../../stations/station';
import { type CommandService, deviceLane, emsOfStations, platformMessage } from '../../command';
import { PLAN_LANE, planRefusal, recordPlanDelivery, stationControls } from '../../plan-curve';
import { type HostingDayDbRow, moveDay } from './hosting.repository';

/** EMS mode 1: the station's TOU strategy (device-catalog `modeSet`). */
const TOU_MODE = 1;
const SETTLED_BAD = ['failure', 'timeout', 'cancelled'];

/**
 * Delivery of hosted days: an approved plan as a plan curve at its start, its command's outcome,
 * and the way back to the TOU rule. Every command goes through the command service (stored,
 * range-checked, one plan in flight per station), issued in the name of the reviewer who
 * approved it, or of the user who turned hosting on for a fallback.
 */
export class HostingDelivery {
  constructor(
    private readonly db: Db,
    private readonly commands: CommandService,
  ) {}

  async deliver(d: HostingDayDbRow, alarmLevel: number, now: number, lang: Lang): Promise<void> {
    const worst = await worstActiveLevel(this.db, d.stationId);
    if (worst !== null && worst <= alarmLevel) {
      const moved = await moveDay(this.db, d.id, ['approved'], {
        state: 'fallback',
        fallback: 'alarm',
        reason: String(alarmLevel),
      });
      if (moved) await this.restoreRule(moved, d.reviewerId, now, lang);
      return;
    }
    const failed = async (reason: string) => {
      const moved = await moveDay(this.db, d.id, ['approved'], {
        state: 'fallback',
        fallback: 'deliveryFailed',
        reason,
      });
      if (moved) await this.restoreRule(moved, d.reviewerId, now, lang);
    };
    const [station, ems, controls] = await Promise.all([
      findStation(this.db, d.stationId),
      emsOfStations(this.db, [d.stationId]).then((m) => m.get(d.stationId)),
      stationControls(this.db, [d.stationId]).then((m) => m.get(d.stationId)),
    ]);
    if (!station || !ems) return failed(platformMessage('commandNoEms'));
    const refusal = controls ? planRefusal(controls) : null;
    if (refusal) return failed(platformMessage(refusal));
    // Claimed before the command goes, so a second runner or the reviewer's call does not send it twice.
    const claimed = await moveDay(this.db, d.id, ['approved'], { state: 'delivering', deliveredAt: new Date(now) });
    if (!claimed || d.reviewerId === null) return;
    const config: PlanCurveConfig = {
      code: `HOST-${d.date}`,
      name: `Hosting ${d.date}`,
      version: d.reviewedAt?.getTime() ?? now,
      segments: d.plan.segments,
    };
    try {
      const cmd = await this.commands.issue(
        {
          target: { stationId: station.id, stationCode: station.code, deviceId: ems.id, sn: ems.sn },
          origin: 'planCurve',
          lane: PLAN_LANE,
          config,
          issuedBy: d.reviewerId,
        },
        lang,
      );
      await moveDay(this.db, d.id, ['delivering'], { commandId: cmd.id });
      // In the delivery history, planned versus actual, the deviation check and the reviews.
      await recordPlanDelivery(this.db, {
        stationId: station.id,
        commandId: cmd.id,
        code: config.code,
        name: config.name,
        version: config.version,
        segments: config.segments,
        issuedBy: d.reviewerId,
      });
      await this.outcome({ ...claimed, commandId: cmd.id }, lang);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const moved = await moveDay(this.db, d.id, ['delivering'], {
        state: 'fallback',
        fallback: 'deliveryFailed',
        reason: platformMessage(err.key),
      });
      if (moved) await this.restoreRule(moved, d.reviewerId, now, lang);
    }
  }

  /** A delivering day moves on when its command settled: delivered, or back on the rule. */
  async outcome(d: HostingDayDbRow, lang: Lang): Promise<void> {
    if (d.commandId === null) return;
    const cmd = await this.commands.get(d.commandId, lang);
    if (cmd.state === 'success') {
      await moveDay(this.db, d.id, ['delivering'], { state: 'delivered' });
    } else if (SETTLED_BAD.includes(cmd.state)) {
      const moved = await moveDay(this.db, d.id, ['delivering'], {
        state: 'fallback',
        fallback: 'deliveryFailed',
        reason: cmd.message ?? cmd.state,
      });
      if (moved) await this.restoreRule(moved, d.reviewerId, Date.now(), lang);
    }
  }

  /**
   * A fallback day whose start has come: the station back on its TOU rule. Only a plan in control
   * is taken back (EMS mode 1); a person's setpoint, a sequence or local control stays as it is.
   */
  async restoreRule(d: HostingDayDbRow, issuedBy: number | null, now: number, lang: Lang): Promise<void> {
    if (d.startAt.getTime() > now || d.ruleRestoredAt !== null) return;
    await moveDay(this.db, d.id, ['fallback'], { ruleRestoredAt: new Date(now) });
    const controls = (await stationControls(this.db, [d.stationId])).get(d.stationId);
    const ems = controls?.ems;
    if (ems?.source !== 'planCurve' || issuedBy === null) return;
    const station = await findStation(this.db, d.stationId);
    const target = (await emsOfStations(this.db, [d.stationId])).get(d.stationId);
    if (!station || !target) return;
    await this.commands
      .issue(
        {
          target: { stationId: station.id, stationCode: station.code, deviceId: target.id, sn: target.sn },
          origin: 'control',
          lane: deviceLane(target.id),
          points: { modeSet: TOU_MODE },
          issuedBy,
        },
        lang,
      )
      // Another command to the EMS in flight: the operator's own action is left to finish.
      .catch(() => undefined);
  }
}
