import { type RateRepriceBody, rateApi } from '@ess/contract';
import { Alert, Button, DatePicker, Drawer, Form, List, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { usePermission } from '@/lib/session/permission';
import { useCurrentStation } from '@/lib/station/current-station';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { REPRICE_PERMS, RepriceModal } from './reprice-modal';
import { TouBar } from './tou-bar';

/** Every enabled template, for choosing a station's (one page of the largest size, by number). */
const ENABLED_TEMPLATES = { pageNum: 1, pageSize: 200, orderBy: 'code', order: 'asc', enabled: true } as const;

/**
 * Which template prices a station from which date (issue 21 finding 3): the station's dated
 * assignments with the one in force today on its clock, and a new assignment from a date —
 * today or later; an earlier date re-prices past revenue, shown first and only for administrators.
 */
export function StationRatesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermission();
  const current = useCurrentStation();
  const stations = stationsOf(useStations(lang).data);
  const [stationId, setStationId] = useState<number | null>(null);
  const chosen = stationId ?? current.stationId;
  const held = useEndpoint(rateApi.rateStationTemplates, open && chosen !== null ? { stationId: chosen } : null);
  const all = useEndpoint(rateApi.ratePage, open ? ENABLED_TEMPLATES : null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [reprice, setReprice] = useState<RateRepriceBody | null>(null);
  const save = useEndpointMutation(rateApi.rateStationSave, { invalidate: RATE_WRITE_INVALIDATES });

  const data = held.data;
  const today = data?.today ?? null;
  const day = from ? pickerDay(from) : today;
  const past = day !== null && today !== null && day < today;
  const byId = new Map((data?.templates ?? []).map((tp) => [tp.id, tp]));
  const submit = () => {
    if (!data || templateId === null || day === null) return;
    if (past) return setReprice({ stationId: data.stationId, templateId, validFrom: day });
    save
      .mutateAsync({ stationId: data.stationId, templateId, validFrom: day })
      .then(() => notify.success(t('messages.operationSucceeded')))
      .catch(() => undefined);
  };

  return (
    <Drawer open={open} onClose={onClose} size={640} title={t('rates.station.title')} data-testid="station-rates">
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          placeholder={t('rates.station.choose')}
          aria-label={t('rates.station.choose')}
          value={chosen ?? undefined}
          options={stations.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(id: number) => {
            // Another station has its own today: the choice starts over.
            setStationId(id);
            setTemplateId(null);
            setFrom(null);
          }}
          data-testid="station-rates-station"
        />
        <Alert type="info" showIcon message={t('rates.station.hint')} />
        {data && (
          <>
            <Typography.Text type="secondary">{t('rates.station.today', { date: data.today })}</Typography.Text>
            {data.currentId === null && <Alert type="warning" showIcon message={t('rates.station.none')} />}
            <List
              size="small"
              bordered
              header={t('rates.station.history')}
              dataSource={data.assignments}
              data-testid="station-rates-list"
              renderItem={(a) => {
                const tp = a.templateId === null ? undefined : byId.get(a.templateId);
                return (
                  <List.Item key={a.id}>
                    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                      <Space wrap>
                        <Typography.Text>
                          {a.validFrom ? t('rates.station.from', { date: a.validFrom }) : t('rates.station.fromStart')}
                        </Typography.Text>
                        {a.proxyRegionId !== null && <Tag color="purple">{t('rates.proxy.tag')}</Tag>}
                        <Typography.Text strong>{a.templateCode}</Typography.Text>
                        <span>{a.templateName}</span>
                        {a.id === data.currentAssignmentId && <Tag color="success">{t('rates.station.current')}</Tag>}
                        {a.validFrom !== null && a.validFrom > data.today && <Tag>{t('rates.station.scheduled')}</Tag>}
                        {tp && !tp.enabled && <Tag>{t('rates.station.disabledTag')}</Tag>}
                      </Space>
                      {tp && <TouBar segments={tp.segments} />}
                    </Space>
                  </List.Item>
                );
              }}
            />
            <Permission endpoint={rateApi.rateStationSave}>
              <Form layout="vertical">
                <Form.Item label={t('rates.station.template')} required>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    value={templateId ?? undefined}
                    onChange={(id: number) => setTemplateId(id)}
                    aria-label={t('rates.station.template')}
                    data-testid="station-rates-template"
                    options={(all.data?.rows ?? []).map((tp) => ({ value: tp.id, label: `${tp.code} ${tp.name}` }))}
                  />
                </Form.Item>
                <Form.Item
                  label={t('rates.station.validFrom')}
                  extra={past ? t('rates.station.pastHint') : t('rates.station.fromHint')}
                >
                  <DatePicker
                    value={from ?? dayjs(data.today)}
                    onChange={(d: Dayjs | null) => setFrom(d)}
                    allowClear={false}
                    aria-label={t('rates.station.validFrom')}
                    // Before the station's today only for who may re-price.
                    disabledDate={(d) => pickerDay(d) < data.today && !can(REPRICE_PERMS)}
                    data-testid="station-rates-from"
                  />
                </Form.Item>
                <Button
                  type="primary"
                  danger={past}
                  disabled={templateId === null}
                  loading={save.isPending}
                  data-testid="station-rates-save"
                  onClick={submit}
                >
                  {past ? t('rates.reprice.preview') : t('rates.station.save')}
                </Button>
              </Form>
            </Permission>
          </>
        )}
      </Space>
      <RepriceModal body={reprice} onClose={() => setReprice(null)} />
    </Drawer>
  );
}
