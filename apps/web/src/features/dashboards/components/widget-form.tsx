import {
  CURVE_MAX_POINTS,
  type DashboardWidget,
  KPI_METRICS,
  type KpiMetric,
  STATION_WIDGETS,
  WIDGET_KINDS,
  WIDGET_MAX_ROWS,
  WIDGET_WIDTHS,
  type WidgetKind,
} from '@ess/contract';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stationsOf } from '@/lib/session/api/get-stations';
import { useCurrentStation } from '@/lib/station/current-station';
import { useQueryPoint } from '@/lib/station/query-point';
import { DEFAULT_SIZE, newKey } from '../model/widget-layout';

/** The fleet in the station field (a widget's `stationId` null). */
const FLEET = 0;

type Values = {
  kind: WidgetKind;
  station: number;
  metric: KpiMetric;
  points: string[];
  w: (typeof WIDGET_WIDTHS)[number];
  h: number;
  title?: string;
};

const pointKey = (p: { deviceId: number; code: string }) => `${p.deviceId}/${p.code}`;

function valuesOf(w: DashboardWidget): Values {
  return {
    kind: w.kind,
    station: 'stationId' in w && w.stationId !== null ? w.stationId : FLEET,
    metric: w.kind === 'kpi' ? w.metric : 'storagePower',
    points: w.kind === 'curve' ? w.points.map(pointKey) : [],
    w: w.w,
    h: w.h,
    title: w.title,
  };
}

function widgetOf(v: Values, key: string): DashboardWidget {
  const base = { key, w: v.w, h: v.h, ...(v.title?.trim() ? { title: v.title.trim() } : {}) };
  const stationId = v.station === FLEET ? null : v.station;
  switch (v.kind) {
    case 'kpi':
      return { ...base, kind: 'kpi', stationId, metric: v.metric };
    case 'alarms':
    case 'map':
      return { ...base, kind: v.kind, stationId };
    case 'energyFlow':
    case 'devices':
    case 'points':
      return { ...base, kind: v.kind, stationId: v.station };
    case 'curve':
      return {
        ...base,
        kind: 'curve',
        stationId: v.station,
        points: v.points.map((k) => {
          const [deviceId = '0', code = ''] = k.split('/');
          return { deviceId: Number(deviceId), code };
        }),
      };
  }
}

/**
 * A widget's settings: its kind (fixed once added), station or the fleet, its figure or points,
 * size and title. Applies to the layout being edited; the dashboard is saved with "Save".
 */
export function WidgetForm({
  open,
  widget,
  widgets,
  onApply,
  onClose,
}: {
  open: boolean;
  /** The widget edited; null: a new one. */
  widget: DashboardWidget | null;
  widgets: readonly DashboardWidget[];
  onApply: (w: DashboardWidget) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = useCurrentStation();
  const stations = stationsOf(current.stations.data);
  const kind = Form.useWatch('kind', form);
  const station = Form.useWatch('station', form);
  const needsStation = kind !== undefined && STATION_WIDGETS.has(kind);
  const points = useQueryPoint(kind === 'curve' && station ? station : null, null, 0);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      widget
        ? valuesOf(widget)
        : { kind: 'kpi', station: current.stationId ?? FLEET, metric: 'storagePower', points: [], ...DEFAULT_SIZE.kpi },
    );
  }, [open, widget, form, current.stationId]);

  const tree = useMemo(
    () =>
      (points.data ?? []).map((d) => ({
        title: d.deviceName,
        value: `device:${d.srcId}`,
        selectable: false,
        children: d.deviceTypeColList
          .filter((c) => c.kind !== 'control')
          .map((c) => ({
            title: c.unit ? `${c.colName} (${c.unit})` : c.colName,
            value: pointKey({ deviceId: d.srcId, code: c.col }),
          })),
      })),
    [points.data],
  );

  const apply = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    onApply(widgetOf(v, widget?.key ?? newKey(v.kind, widgets)));
    onClose();
  };

  const stationOptions = [
    ...(needsStation ? [] : [{ value: FLEET, label: t('dashboards.fleet') }]),
    ...stations.map((s) => ({ value: s.id, label: s.name })),
  ];

  return (
    <Modal
      open={open}
      title={widget ? t('dashboards.editWidget') : t('dashboards.addWidget')}
      onOk={apply}
      onCancel={onClose}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      destroyOnHidden
      forceRender
      data-testid="widget-form"
    >
      <Form<Values> form={form} layout="vertical" name="dashboard-widget">
        <Form.Item name="kind" label={t('dashboards.kind')} rules={[{ required: true }]}>
          <Select
            disabled={widget !== null}
            data-testid="widget-kind"
            options={WIDGET_KINDS.map((k) => ({ value: k, label: t(`dashboards.kinds.${k}`) }))}
            onChange={(k: WidgetKind) => {
              // A new widget takes its kind's size (a tile small, a chart wide and tall).
              form.setFieldsValue(DEFAULT_SIZE[k]);
              if (STATION_WIDGETS.has(k) && form.getFieldValue('station') === FLEET) {
                form.setFieldValue('station', current.stationId ?? stations[0]?.id);
              }
            }}
          />
        </Form.Item>
        <Form.Item
          name="station"
          label={t('dashboards.station')}
          rules={[
            { required: true },
            { validator: (_, v) => (needsStation && v === FLEET ? Promise.reject() : Promise.resolve()) },
          ]}
        >
          <Select
            data-testid="widget-station"
            showSearch
            optionFilterProp="label"
            options={stationOptions}
            onChange={() => form.setFieldValue('points', [])}
          />
        </Form.Item>
        {kind === 'kpi' && (
          <Form.Item name="metric" label={t('dashboards.metric')} rules={[{ required: true }]}>
            <Select
              data-testid="widget-metric"
              options={KPI_METRICS.map((m) => ({ value: m, label: t(`dashboards.metrics.${m}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'curve' && (
          <Form.Item
            name="points"
            label={t('dashboards.points')}
            extra={t('dashboards.pointsHint', { max: CURVE_MAX_POINTS })}
            rules={[{ required: true, type: 'array', min: 1, max: CURVE_MAX_POINTS }]}
          >
            <TreeSelect
              data-testid="widget-points"
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              treeData={tree}
              loading={points.isPending}
              maxCount={CURVE_MAX_POINTS}
              treeNodeFilterProp="title"
            />
          </Form.Item>
        )}
        <Form.Item name="w" label={t('dashboards.width')} rules={[{ required: true }]}>
          <Select options={WIDGET_WIDTHS.map((n) => ({ value: n, label: t('dashboards.columns', { count: n }) }))} />
        </Form.Item>
        <Form.Item name="h" label={t('dashboards.height')} rules={[{ required: true }]}>
          <Select
            options={Array.from({ length: WIDGET_MAX_ROWS }, (_, k) => ({
              value: k + 1,
              label: t('dashboards.rows', { count: k + 1 }),
            }))}
          />
        </Form.Item>
        <Form.Item name="title" label={t('dashboards.title')} extra={t('dashboards.titleHint')}>
          <Input maxLength={40} data-testid="widget-title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
