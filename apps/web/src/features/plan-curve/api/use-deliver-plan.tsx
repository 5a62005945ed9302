import {
  configMessages,
  type PlanCurveTemplate,
  type PlanDelivery,
  planCurveApi,
  planCurveMessages,
  planMaxPowerKw,
  planPowerProblem,
  type StationNode,
} from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlPassword } from '@/components/control-password';
import { ApiError } from '@/lib/api/api-error';
import { call } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';
import { serverText } from '@/lib/i18n/server-text';
import { DeliveryCheck } from '../components/delivery-check';

/** What the deliver call gave inside the password dialog: the delivery, or a 409 to settle outside it. */
type Sent = { kind: 'sent'; delivery: PlanDelivery } | { kind: 'conflict'; message: string };

/**
 * Stations a segment of the plan exceeds the rated power of (the server's one value check:
 * a segment's power is the EMS station setpoint, within ± the station's rated power).
 */
export const overRatedStations = (template: PlanCurveTemplate, stations: readonly StationNode[]): StationNode[] =>
  stations.filter((s) => planPowerProblem(template.segments, s.ratedPowerKw) !== null);

/** Stations a station's own template may not go to: every other one. */
export const otherStations = (template: PlanCurveTemplate, stations: readonly StationNode[]): StationNode[] =>
  template.stationId === null ? [] : stations.filter((s) => s.id !== template.stationId);

export type DeliverPlan = {
  /** Runs the whole delivery; resolves to the delivery, or null when refused, cancelled or failed. */
  deliver: (
    template: PlanCurveTemplate | undefined,
    stations: readonly StationNode[],
    busy: boolean,
  ) => Promise<PlanDelivery | null>;
  /** Render once in the page (the password dialog). */
  modals: ReactNode;
};

/**
 * Delivering a plan curve (spec 8 messages): nothing to send → "no data to distribute"; a
 * delivery still in flight → "delivery in progress, wait"; the template changed since it was
 * shown → "data not saved, save first"; a station's own template to another station, or a plan
 * over a station's rated power (rated power is the bound: issue 20) → refused here as the server
 * would, naming the stations; then the password dialog and the call.
 */
export function useDeliverPlan(): DeliverPlan {
  const { t } = useTranslation();
  const format = useFormat();
  const qc = useQueryClient();
  const password = useControlPassword();

  const refreshTemplate = () => refetchEndpoints(qc, [planCurveApi.detail, planCurveApi.page]);
  /** The template as saved now (null when it could not be read). */
  const savedNow = (template: PlanCurveTemplate) =>
    call(planCurveApi.detail, { id: template.id }, { silent: true }).catch(() => null);

  const send = (template: PlanCurveTemplate, stationIds: number[]) =>
    password.confirm<Sent>(
      async (sealed, opts) => {
        try {
          const delivery = await call(
            planCurveApi.deliver,
            { templateId: template.id, stationIds, modifyTime: template.modifyTime, ...sealed },
            opts,
          );
          return { kind: 'sent', delivery };
        } catch (e) {
          // 409: a changed or disabled template, settled outside the dialog. Others stay in it.
          if (e instanceof ApiError && e.status === 409) return { kind: 'conflict', message: e.message };
          throw e;
        }
      },
      {
        title: t('planCurve.issue.deliver'),
        // Told before: which setpoints the plan releases where, or which station will refuse it.
        description: (
          <>
            <div>{`${template.code} · ${template.name}`}</div>
            <DeliveryCheck stationIds={stationIds} />
          </>
        ),
      },
    );

  const deliver: DeliverPlan['deliver'] = async (template, stations, busy) => {
    if (busy) {
      notify.warning(serverText(configMessages.commandInFlight));
      return null;
    }
    if (!template || template.segments.length === 0 || stations.length === 0) {
      notify.warning(serverText(planCurveMessages.planCurveNoData));
      return null;
    }
    const before = await savedNow(template);
    if (before && before.modifyTime !== template.modifyTime) {
      notify.warning(serverText(planCurveMessages.planCurveNotSaved));
      await refreshTemplate();
      return null;
    }
    if (otherStations(template, stations).length > 0) {
      notify.warning(serverText(planCurveMessages.planCurveOtherStation, { station: template.stationName ?? '' }));
      return null;
    }
    const over = overRatedStations(template, stations);
    if (over.length > 0) {
      // Names what it is about: each station with its rating, and the plan's peak (issue 21 finding 9).
      notify.warning(
        t('planCurve.issue.overRatedRefused', {
          power: planMaxPowerKw(template.segments),
          stations: format.list(over.map((s) => `${s.name} (${s.ratedPowerKw} kW)`)),
        }),
      );
      return null;
    }
    const sent = await send(
      template,
      stations.map((s) => s.id),
    );
    if (!sent) return null;
    if (sent.kind === 'sent') return sent.delivery;
    const now = await savedNow(template);
    notify.warning(
      now && now.modifyTime !== template.modifyTime ? serverText(planCurveMessages.planCurveNotSaved) : sent.message,
    );
    await refreshTemplate();
    return null;
  };

  return { deliver, modals: password.modal };
}
