import { rateApi } from '@ess/contract';
import { Alert, Button, Drawer, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { RATE_WRITE_INVALIDATES } from '../api/rate-writes';
import { TouBar } from './tou-bar';
import { ValidityText } from './validity-text';

/** Every template, for choosing a station's (one page of the largest size, by number). */
const ALL_TEMPLATES = { pageNum: 1, pageSize: 200, orderBy: 'code', order: 'asc' } as const;

/**
 * Which templates a station uses over time (issue 13 part 8): the station's templates by
 * validity with the one in force today on its clock, and a choice of templates to replace them.
 */
export function StationRatesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const current = useCurrentStation();
  const stations = stationsOf(useStations(lang).data);
  const [stationId, setStationId] = useState<number | null>(null);
  const chosen = stationId ?? current.stationId;
  const held = useEndpoint(rateApi.rateStationTemplates, open && chosen !== null ? { stationId: chosen } : null);
  const all = useEndpoint(rateApi.ratePage, open ? ALL_TEMPLATES : null);
  const [ids, setIds] = useState<number[]>([]);
  const save = useEndpointMutation(rateApi.rateStationSave, { invalidate: RATE_WRITE_INVALIDATES });

  useEffect(() => {
    if (held.data) setIds(held.data.templates.map((tp) => tp.id));
  }, [held.data]);

  const data = held.data;
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
          onChange={(id: number) => setStationId(id)}
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
              header={t('rates.station.templates')}
              dataSource={data.templates}
              data-testid="station-rates-list"
              renderItem={(tp) => (
                <List.Item key={tp.id}>
                  <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                    <Space wrap>
                      <Typography.Text strong>{tp.code}</Typography.Text>
                      <span>{tp.name}</span>
                      <ValidityText from={tp.validFrom} to={tp.validTo} />
                      {tp.id === data.currentId && <Tag color="success">{t('rates.station.current')}</Tag>}
                      {!tp.enabled && <Tag>{t('rates.station.disabledTag')}</Tag>}
                    </Space>
                    <TouBar segments={tp.segments} />
                  </Space>
                </List.Item>
              )}
            />
            <Form layout="vertical">
              <Form.Item label={t('rates.stations')}>
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  value={ids}
                  onChange={setIds}
                  aria-label={t('rates.station.templates')}
                  data-testid="station-rates-templates"
                  options={(all.data?.rows ?? []).map((tp) => ({ value: tp.id, label: `${tp.code} ${tp.name}` }))}
                />
              </Form.Item>
              <Permission endpoint={rateApi.rateStationSave}>
                <Button
                  type="primary"
                  loading={save.isPending}
                  data-testid="station-rates-save"
                  onClick={() =>
                    save
                      .mutateAsync({ stationId: data.stationId, templateIds: ids })
                      .then(() => notify.success(t('messages.operationSucceeded')))
                      .catch(() => undefined)
                  }
                >
                  {t('rates.station.save')}
                </Button>
              </Permission>
            </Form>
          </>
        )}
      </Space>
    </Drawer>
  );
}
