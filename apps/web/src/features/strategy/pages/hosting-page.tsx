import { type HostingDayRow, hostingApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlPassword } from '@/components/control-password';
import { ExportButton, useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { StationZone } from '@/components/station-zone/station-zone';
import { call } from '@/lib/api/client';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useFormat } from '@/lib/format/use-format';
import { usePageTitle } from '@/lib/menu/page-title';
import { useCurrentStation } from '@/lib/station/current-station';
import { useStationTime } from '@/lib/station/station-time';
import { HostingDayDrawer } from '../components/hosting-day-drawer';
import { HostingSettingsCard } from '../components/hosting-settings-card';
import { HostingStateTag } from '../components/hosting-state-tag';

/**
 * Strategy hosting and review (托管与审核, issue 24 part 7): the station's hosting settings,
 * its plans made before each day's deadline, review with the password re-entered, and each hosted
 * day's delivery, forecast error and revenue against the rule.
 */
export function HostingPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const clock = useStationTime();
  const title = usePageTitle('/strategic-management/hosting');
  const { stationId } = useCurrentStation();
  const queryClient = useQueryClient();
  const password = useControlPassword();
  const [open, setOpen] = useState<HostingDayRow | null>(null);
  const [opinion, setOpinion] = useState('');
  const settings = useEndpoint(hostingApi.hostingSettings, stationId === null ? null : { stationId });
  const days = useEndpoint(
    hostingApi.hostingPage,
    stationId === null ? null : { stationId, pageNum: 1, pageSize: 31 },
    {
      // While a plan is on its way to the EMS, its answer shows within seconds.
      refetchInterval: (q) => (q.state.data?.rows.some((r) => r.state === 'delivering') ? 3_000 : false),
    },
  );
  const plan = useEndpointMutation(hostingApi.hostingPlan, { invalidate: [hostingApi.hostingPage] });
  const refresh = () => void queryClient.invalidateQueries();

  const review = async (row: HostingDayRow, approve: boolean) => {
    const text = {
      title: t(approve ? 'strategy.hosting.approveTitle' : 'strategy.hosting.rejectTitle', { date: row.date }),
    };
    const answer = await password.confirm(
      (sealed, opts) => call(hostingApi.hostingReview, { id: row.id, approve, opinion, ...sealed }, opts),
      text,
    );
    if (answer) {
      notify.success(t('messages.operationSucceeded'));
      setOpinion('');
      refresh();
    }
  };
  const makePlan = (day: 'today' | 'tomorrow') =>
    stationId !== null &&
    plan
      .mutateAsync({ stationId, day })
      .then(() => notify.success(t('strategy.hosting.planMade')))
      .catch(() => undefined);

  return (
    <Card
      data-testid="hosting-page"
      title={title}
      extra={<Typography.Text type="secondary">{t('strategy.hosting.subtitle')}</Typography.Text>}
    >
      {stationId === null ? (
        <Empty description={t('strategy.hosting.noStation')} />
      ) : !settings.data ? (
        settings.isError ? (
          <Alert type="error" showIcon message={t('strategy.hosting.loadFailed')} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Flex vertical gap={14}>
          <HostingSettingsCard settings={settings.data} />
          <Flex wrap gap="8px 12px" align="center">
            <StationZone />
            <span style={{ flex: 1 }} />
            <ExportButton
              endpoint={hostingApi.hostingExport}
              input={() => ({ stationId: stationId ?? 0 })}
              fileName="hosted-days.xlsx"
              testId="hosting-export"
            />
            <Permission endpoint={hostingApi.hostingPlan}>
              <Space wrap>
                <Button
                  onClick={() => void makePlan('today')}
                  loading={plan.isPending}
                  data-testid="hosting-plan-today"
                >
                  {t('strategy.hosting.planToday')}
                </Button>
                <Button
                  onClick={() => void makePlan('tomorrow')}
                  loading={plan.isPending}
                  data-testid="hosting-plan-tomorrow"
                >
                  {t('strategy.hosting.planTomorrow')}
                </Button>
              </Space>
            </Permission>
          </Flex>
          <Table<HostingDayRow>
            data-testid="hosting-days"
            rowKey="id"
            size="small"
            loading={days.isFetching && !days.data}
            dataSource={days.data?.rows ?? []}
            pagination={false}
            scroll={{ x: 1100 }}
            columns={[
              { key: 'date', title: t('strategy.hosting.date'), dataIndex: 'date', width: 110, fixed: 'left' },
              {
                key: 'state',
                title: t('strategy.hosting.state'),
                width: 120,
                render: (_, r) => <HostingStateTag row={r} />,
              },
              {
                key: 'deadline',
                title: clock.withZone(t('strategy.hosting.deadlineAt')),
                width: 150,
                render: (_, r) => clock.dateMinute(r.deadlineAt),
              },
              {
                key: 'expected',
                title: t('strategy.hosting.expected'),
                width: 120,
                align: 'right',
                render: (_, r) => f.moneyExact(r.expectedRevenue),
              },
              {
                key: 'rule',
                title: t('strategy.hosting.ruleRevenue'),
                width: 120,
                align: 'right',
                render: (_, r) => f.moneyExact(r.ruleRevenue),
              },
              {
                key: 'uplift',
                title: t('strategy.hosting.uplift'),
                width: 90,
                align: 'right',
                render: (_, r) => (r.upliftPct === null ? '-' : `${f.number(r.upliftPct)} %`),
              },
              {
                key: 'actual',
                title: t('strategy.hosting.actual'),
                width: 140,
                align: 'right',
                render: (_, r) =>
                  r.actualRevenue === null
                    ? '-'
                    : `${f.moneyExact(r.actualRevenue)}${r.actualPartial ? ` (${t('strategy.hosting.soFar')})` : ''}`,
              },
              {
                key: 'error',
                title: t('strategy.hosting.forecastError'),
                width: 110,
                align: 'right',
                render: (_, r) => (r.forecastErrorPct === null ? '-' : `${f.number(r.forecastErrorPct)} %`),
              },
              {
                key: 'reviewer',
                title: t('strategy.hosting.reviewer'),
                width: 110,
                render: (_, r) => r.reviewer ?? '-',
              },
              {
                key: 'actions',
                title: t('crud.actions'),
                width: 190,
                fixed: 'right',
                render: (_, r) => (
                  <Space size={0} wrap>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setOpen(r)}
                      data-testid={`hosting-detail-${r.date}`}
                    >
                      {t('strategy.hosting.detail')}
                    </Button>
                    {r.state === 'pending' && (
                      <Permission endpoint={hostingApi.hostingReview}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => void review(r, true)}
                          data-testid={`hosting-approve-${r.date}`}
                        >
                          {t('strategy.hosting.approve')}
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          danger
                          onClick={() => void review(r, false)}
                          data-testid={`hosting-reject-${r.date}`}
                        >
                          {t('strategy.hosting.reject')}
                        </Button>
                      </Permission>
                    )}
                  </Space>
                ),
              },
            ]}
          />
          <Permission endpoint={hostingApi.hostingReview}>
            <Input.TextArea
              value={opinion}
              onChange={(e) => setOpinion(e.target.value)}
              placeholder={t('strategy.hosting.opinionHint')}
              maxLength={500}
              autoSize={{ minRows: 1, maxRows: 3 }}
              data-testid="hosting-opinion"
            />
          </Permission>
          <HostingDayDrawer day={open} onClose={() => setOpen(null)} />
          {password.modal}
        </Flex>
      )}
    </Card>
  );
}
