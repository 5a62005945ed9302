import { WarningOutlined } from '@ant-design/icons';
import { PLAN_CURVE_PERMS, type PlanDelivery, planCurveApi, planMaxPowerKw, type StationNode } from '@ess/contract';
import { Button, Card, Col, Empty, Row, Select, Space, Table, Tooltip, Typography, theme } from 'antd';
import { type HTMLAttributes, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { overRatedStations, useDeliverPlan } from '../api/use-deliver-plan';
import { DeliveryStatusTable, deliveryInFlight } from '../components/delivery-status';
import { PlanPreviewChart } from '../components/plan-charts';

/** Enabled templates offered for delivery (one page of the list call is plenty for a picker). */
const TEMPLATE_CHOICES = { enabled: true, pageNum: 1, pageSize: 100, orderBy: 'code', order: 'asc' } as const;

/**
 * /strategic-management/plan-curve-issue: pick a template (its preview), pick stations (their
 * rated power, a warning where the plan exceeds it: it cannot go there; a station's own template
 * goes to that station only), deliver (password re-entered), then follow each station's command
 * until all settle.
 */
export function PlanCurveIssuePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [stationIds, setStationIds] = useState<number[]>([]);
  const [delivery, setDelivery] = useState<PlanDelivery | null>(null);
  const [running, setRunning] = useState(false);
  const [inFlight, setInFlight] = useState(false);
  const templates = useEndpoint(planCurveApi.page, TEMPLATE_CHOICES);
  const template = useEndpoint(planCurveApi.detail, templateId === null ? null : { id: templateId }).data;
  const stations = stationsOf(useStations(lang).data);
  const chosen = useMemo(() => stations.filter((s) => stationIds.includes(s.id)), [stations, stationIds]);
  const maxPower = template ? planMaxPowerKw(template.segments) : 0;
  /** Stations the plan cannot go to: over their rated power (refused), or not the station of a station's template. */
  const overRated = useMemo(
    () => new Set(template ? overRatedStations(template, stations).map((s) => s.id) : []),
    [template, stations],
  );
  const foreign = (s: StationNode) => template?.stationId != null && s.id !== template.stationId;
  const plan = useDeliverPlan();

  const deliver = async () => {
    setRunning(true);
    try {
      const sent = await plan.deliver(template, chosen, running || inFlight);
      if (sent) {
        setDelivery(sent);
        setInFlight(deliveryInFlight(sent));
      }
    } finally {
      setRunning(false);
    }
  };
  const settled = useCallback(
    (d: PlanDelivery) => {
      setInFlight(false);
      const failed = d.stations.filter((s) => s.state !== 'success').length;
      if (failed > 0) notify.warning(t('planCurve.issue.failed'));
      else notify.success(t('planCurve.issue.settled', { success: d.stations.length, failed }));
    },
    [t],
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="plan-issue-page">
      <Row gutter={12}>
        <Col xs={24} lg={12}>
          <Card title={t('planCurve.issue.template')} size="small">
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: '100%', marginBottom: 12 }}
              placeholder={t('planCurve.issue.chooseTemplate')}
              loading={templates.isFetching}
              value={templateId ?? undefined}
              onChange={(id: number) => {
                setTemplateId(id);
                // A station's own template goes to that station only.
                const own = templates.data?.rows.find((r) => r.id === id)?.stationId ?? null;
                if (own !== null) setStationIds((ids) => ids.filter((x) => x === own));
              }}
              options={(templates.data?.rows ?? []).map((r) => ({
                value: r.id,
                label: r.stationName ? `${r.code} · ${r.name} (${r.stationName})` : `${r.code} · ${r.name}`,
              }))}
              data-testid="plan-issue-template"
            />
            {template ? (
              <div data-testid="plan-issue-preview">
                <Typography.Text type="secondary">{t('planCurve.sign')}</Typography.Text>
                <PlanPreviewChart segments={template.segments} />
              </div>
            ) : (
              <Empty description={t('planCurve.issue.chooseTemplate')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('planCurve.issue.stations')} size="small">
            <Table<StationNode>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ y: 300 }}
              dataSource={stations}
              rowSelection={{
                selectedRowKeys: stationIds,
                onChange: (keys) => setStationIds(keys.map(Number)),
                getCheckboxProps: (s) => ({ 'aria-label': s.name, disabled: foreign(s) }),
              }}
              onRow={(s) => ({ 'data-testid': `plan-issue-station-${s.id}` }) as HTMLAttributes<HTMLElement>}
              data-testid="plan-issue-stations"
              columns={[
                { key: 'name', title: t('planCurve.issue.station'), render: (_, s) => `${s.name} (${s.province})` },
                {
                  key: 'rated',
                  title: t('planCurve.issue.rated'),
                  render: (_, s) => (
                    <Space size={4}>
                      {s.ratedPowerKw}
                      {overRated.has(s.id) ? (
                        <Tooltip
                          title={t('planCurve.issue.overRated', {
                            power: maxPower,
                            station: s.name,
                            rated: s.ratedPowerKw,
                          })}
                        >
                          <WarningOutlined
                            style={{ color: token.colorWarning }}
                            data-testid={`plan-issue-over-rated-${s.id}`}
                            aria-label={t('planCurve.issue.overRated', {
                              power: maxPower,
                              station: s.name,
                              rated: s.ratedPowerKw,
                            })}
                          />
                        </Tooltip>
                      ) : null}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Permission perms={[PLAN_CURVE_PERMS.issue]}>
        <Button type="primary" loading={running} onClick={() => void deliver()} data-testid="plan-deliver">
          {t('planCurve.issue.deliver')}
        </Button>
      </Permission>
      {delivery ? (
        <Card title={t('planCurve.issue.status')} size="small">
          <DeliveryStatusTable deliveryId={delivery.id} initial={delivery} onSettled={settled} showPower />
        </Card>
      ) : null}
      {plan.modals}
    </Space>
  );
}
