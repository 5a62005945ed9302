import { planCurveApi } from '@ess/contract';
import { Card, DatePicker, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { pickerDay } from '@/lib/format/zone';
import { useLang } from '@/lib/i18n/use-lang';
import { stationsOf, useStations } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { clockOf } from '@/lib/station/station-time';
import { PlannedActualChart } from './plan-charts';

/**
 * Planned versus actual power of a chosen station and local day: the plan in force per
 * quarter-hour and the measured storage power, both kW with discharge above zero.
 */
export function PlannedActualCard({ stationId: initialStation }: { stationId?: number | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const current = useCurrentStation();
  const stations = stationsOf(useStations(lang).data);
  const [picked, setPicked] = useState<number | null>(null);
  const stationId = picked ?? initialStation ?? current.stationId;
  const station = stations.find((s) => s.id === stationId) ?? null;
  const [date, setDate] = useState<string | null>(null);
  const day = date ?? (station ? clockOf(station.timezone).today(Date.now()) : null);
  const query = useEndpoint(
    planCurveApi.plannedVsActual,
    stationId !== null && day !== null ? { stationId, date: day } : null,
  );
  const data = query.data;
  const noPlan = data?.planned.every((v) => v === null);

  return (
    <Card
      size="small"
      title={t('planCurve.history.chart')}
      data-testid="plan-vs-actual"
      extra={
        <Space wrap>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={t('planCurve.history.station')}
            value={stationId ?? undefined}
            onChange={(id: number) => setPicked(id)}
            options={stations.map((s) => ({ value: s.id, label: s.name }))}
            data-testid="plan-vs-actual-station"
          />
          <DatePicker
            allowClear={false}
            placeholder={t('planCurve.history.date')}
            value={day ? dayjs(day) : null}
            onChange={(d) => d && setDate(pickerDay(d))}
            data-testid="plan-vs-actual-date"
          />
        </Space>
      }
    >
      {data ? (
        <>
          <Space wrap size={4} style={{ marginBottom: 8 }}>
            {data.plans.map((p) => (
              <Tag
                key={p.deliveryId}
              >{`${p.templateCode} · ${p.templateName} · ${clockOf(data.timezone).dateMinute(p.since)}`}</Tag>
            ))}
            {noPlan ? <Typography.Text type="secondary">{t('planCurve.history.noPlan')}</Typography.Text> : null}
          </Space>
          <PlannedActualChart data={data} />
        </>
      ) : query.isFetching ? (
        <Spin />
      ) : (
        <Empty />
      )}
    </Card>
  );
}
