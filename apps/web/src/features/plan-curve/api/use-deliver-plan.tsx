import {
  type PlanCurveTemplate,
  type PlanDelivery,
  planCurveApi,
  planMaxPowerKw,
  type StationNode,
} from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlPassword } from '@/components/control-password';
import { ApiError } from '@/lib/api/api-error';
import { call } from '@/lib/api/client';
import { endpointKeyPrefix } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';

/** What the deliver call gave inside the password dialog: the delivery, or a 409 to settle outside it. */
type Sent = { kind: 'sent'; delivery: PlanDelivery } | { kind: 'conflict'; message: string };

/** Stations whose rated power is below the plan's largest |power|. */
export const overRatedStations = (template: PlanCurveTemplate, stations: readonly StationNode[]): StationNode[] => {
  const max = planMaxPowerKw(template.segments);
  return stations.filter((s) => max > s.ratedPowerKw);
};

export type DeliverPlan = {
  /** Runs the whole delivery; resolves to the delivery, or null when refused, cancelled or failed. */
  deliver: (
    template: PlanCurveTemplate | undefined,
    stations: readonly StationNode[],
    busy: boolean,
  ) => Promise<PlanDelivery | null>;
  /** Render once in the page (password dialog, over-rated confirmation). */
  modals: ReactNode;
};

/**
 * Delivering a plan curve (spec 8 messages): nothing to send → "no data to distribute"; a
 * delivery still in flight → "delivery in progress, wait"; the template changed since it was
 * shown → "data not saved, save first"; then the password dialog and the call. A 409 for a
 * station's rated power asks "charging and discharging power greater than rated power, confirm
 * plan curve" and, once confirmed, sends again with `confirmOverRated` (a sealed password opens
 * once, so the dialog asks for it again). Plans over a known rated power are confirmed first.
 */
export function useDeliverPlan(): DeliverPlan {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const password = useControlPassword();
  const [asking, setAsking] = useState<{ resolve: (ok: boolean) => void; text: string } | null>(null);

  const confirmOverRated = (text: string) => new Promise<boolean>((resolve) => setAsking({ resolve, text }));
  const answerConfirm = (ok: boolean) => {
    asking?.resolve(ok);
    setAsking(null);
  };
  const refreshTemplate = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: endpointKeyPrefix(planCurveApi.detail) }),
      qc.invalidateQueries({ queryKey: endpointKeyPrefix(planCurveApi.page) }),
    ]);
  /** The template as saved now (null when it could not be read). */
  const savedNow = (template: PlanCurveTemplate) =>
    call(planCurveApi.detail, { id: template.id }, { silent: true }).catch(() => null);

  const send = (template: PlanCurveTemplate, stationIds: number[], confirmed: boolean) =>
    password.confirm<Sent>(
      async (sealed, opts) => {
        try {
          const delivery = await call(
            planCurveApi.deliver,
            {
              templateId: template.id,
              stationIds,
              modifyTime: template.modifyTime,
              ...(confirmed ? { confirmOverRated: true } : {}),
              ...sealed,
            },
            opts,
          );
          return { kind: 'sent', delivery };
        } catch (e) {
          // 409: changed template or rated power; settled outside the dialog. Others stay in it.
          if (e instanceof ApiError && e.status === 409) return { kind: 'conflict', message: e.message };
          throw e;
        }
      },
      { title: t('planCurve.issue.deliver'), description: `${template.code} · ${template.name}` },
    );

  const deliver: DeliverPlan['deliver'] = async (template, stations, busy) => {
    if (busy) {
      notify.warning(t('planCurve.issue.inProgress'));
      return null;
    }
    if (!template || template.segments.length === 0 || stations.length === 0) {
      notify.warning(t('planCurve.issue.noData'));
      return null;
    }
    const before = await savedNow(template);
    if (before && before.modifyTime !== template.modifyTime) {
      notify.warning(t('planCurve.issue.notSaved'));
      await refreshTemplate();
      return null;
    }
    const ids = stations.map((s) => s.id);
    let confirmed = false;
    if (overRatedStations(template, stations).length > 0) {
      if (!(await confirmOverRated(t('planCurve.issue.overRatedConfirm')))) return null;
      confirmed = true;
    }
    for (;;) {
      const sent = await send(template, ids, confirmed);
      if (!sent) return null;
      if (sent.kind === 'sent') return sent.delivery;
      // A 409 is a changed or disabled template, or a rated power the plan exceeds (contract).
      const now = confirmed ? null : await savedNow(template);
      if (!now || now.modifyTime !== template.modifyTime || !now.enabled) {
        notify.warning(now && now.modifyTime !== template.modifyTime ? t('planCurve.issue.notSaved') : sent.message);
        await refreshTemplate();
        return null;
      }
      if (!(await confirmOverRated(sent.message || t('planCurve.issue.overRatedConfirm')))) return null;
      confirmed = true;
    }
  };

  const modals = (
    <>
      {password.modal}
      <Modal
        open={asking !== null}
        title={t('planCurve.issue.overRatedConfirm')}
        okText={t('planCurve.issue.deliverAnyway')}
        cancelText={t('planCurve.issue.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'plan-over-rated-ok' } }}
        onOk={() => answerConfirm(true)}
        onCancel={() => answerConfirm(false)}
        data-testid="plan-over-rated"
      >
        {asking?.text}
      </Modal>
    </>
  );
  return { deliver, modals };
}
