import { type Lang, nextCronRuns, parseCron, type workorderApi } from '@ess/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { notFound, refusal } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { findStation } from '../../stations/station';
import {
  deleteRule,
  deleteSchedule,
  pageRules,
  pageSchedules,
  saveRule,
  saveSchedule,
  templateExists,
} from './automation.repository';

type RuleSave = z.output<typeof workorderApi.workorderRuleSave.body>;
type SchedulePage = z.output<typeof workorderApi.workorderSchedulePage.body>;
type RulePage = z.output<typeof workorderApi.workorderRulePage.body>;
type ScheduleSave = z.output<typeof workorderApi.workorderScheduleSave.body>;

const ms = (d: Date | null) => (d === null ? null : d.getTime());

/**
 * What opens orders by itself, as configuration: alarm → order rules per station and level,
 * inspection and cleaning schedules per station (their runners build on OrderService.openOrder).
 */
export class AutomationService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async rules(user: SessionUser, q: RulePage, lang: Lang) {
    const { rows, total } = await pageRules(this.db, user, q, lang);
    return {
      rows: rows.map((r) => ({ ...r, minLevel: r.minLevel as 1 | 2 | 3 | 4, updatedAt: r.updatedAt.getTime() })),
      total,
    };
  }

  async saveRule(b: RuleSave): Promise<{ id: number }> {
    if (!(await templateExists(this.db, b.templateId))) throw refusal('workorderTemplateNotFound', 400);
    const id = await saveRule(this.db, b);
    if (id === null) throw notFound();
    return { id };
  }

  async deleteRule(id: number, stationId: number): Promise<null> {
    if (!(await deleteRule(this.db, id, stationId))) throw notFound();
    return null;
  }

  async schedules(user: SessionUser, q: SchedulePage, lang: Lang) {
    const { rows, total } = await pageSchedules(this.db, user, q, lang);
    return {
      rows: rows.map((s) => ({
        ...s,
        orderType: s.orderType as 2 | 3,
        nextRunAt: ms(s.nextRunAt),
        lastRunAt: ms(s.lastRunAt),
      })),
      total,
    };
  }

  async saveSchedule(b: ScheduleSave): Promise<{ id: number }> {
    const cron = parseCron(b.cron);
    if (!cron.ok) throw refusal('workorderCronInvalid', 400);
    if (!(await templateExists(this.db, b.templateId))) throw refusal('workorderTemplateNotFound', 400);
    const station = await findStation(this.db, b.stationId);
    if (!station) throw notFound('stationNotFound');
    // The first run on the station's clock; the schedule runner moves it on after each run.
    const [next] = nextCronRuns(cron.spec, station.timezone, this.clock(), 1);
    const id = await saveSchedule(this.db, { ...b, nextRunAt: next === undefined ? null : new Date(next) });
    if (id === null) throw notFound();
    return { id };
  }

  async deleteSchedule(id: number, stationId: number): Promise<null> {
    if (!(await deleteSchedule(this.db, id, stationId))) throw notFound();
    return null;
  }
}
