import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FormulaError, parseFormula, type VirtualDevice, virtualApi } from '@ess/contract';
import { Button, Empty, Form, Input, InputNumber, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useCurrentStation } from '@/lib/station/current-station';
import { VIRTUAL_WRITE_INVALIDATES } from '../api/virtual-devices';
import { PointPicker } from '../components/point-picker';

type PointValues = { code: string; name: string; unit?: string | null; precision: number; formula: string };
type Values = { name: string; sn?: string; points: PointValues[] };

const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Virtual devices (/system/virtual-device-col): devices whose points are formulas over the
 * station's real points, computed on ingest. Formulas are checked here with the contract's
 * parser and again by the server (which also checks that every point exists).
 */
export function VirtualDevicePage() {
  const { t } = useTranslation();
  const clock = usePlatformTime();
  const { stationId, station } = useCurrentStation();

  if (stationId === null) return <Empty description={t('stationConfig.noStation')} />;
  const required = { required: true, message: t('stationConfig.problems.required') };
  const formulaRule = {
    validator: (_: unknown, v: string | undefined) => {
      if (!v) return Promise.resolve();
      try {
        parseFormula(v);
        return Promise.resolve();
      } catch (e) {
        const detail = e instanceof FormulaError ? e.message : String(e);
        return Promise.reject(new Error(t('stationConfig.problems.formula', { detail })));
      }
    },
  };

  const columns: ColumnsType<VirtualDevice> = [
    { key: 'name', title: t('stationConfig.virtual.name'), dataIndex: 'name' },
    { key: 'sn', title: t('stationConfig.virtual.sn'), dataIndex: 'sn' },
    {
      key: 'points',
      title: t('stationConfig.virtual.points'),
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.points.map((p) => (
            <Tag key={p.code} title={p.formula}>
              {p.name} ({p.code})
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'updateTime',
      title: clock.withZone(t('stationConfig.virtual.updateTime')),
      render: (_, r) => instantText(clock, r.updateTime),
    },
  ];

  const pointsOf = (v: Values) => v.points.map((p) => ({ ...p, unit: p.unit || null }));

  return (
    <CrudPage
      title={`${t('stationConfig.virtual.title')} · ${station?.name ?? ''}`}
      testId="virtual"
      cardTestId="virtual-device-page"
      list={virtualApi.virtualPage}
      fixed={{ stationId }}
      rowTestKey={(r) => r.sn}
      rowName={(r) => r.name}
      actionsWidth={130}
      invalidate={VIRTUAL_WRITE_INVALIDATES}
      filters={
        <Form.Item name="name">
          <Input allowClear placeholder={t('stationConfig.virtual.search')} style={{ width: 200 }} />
        </Form.Item>
      }
      columns={columns}
      add={{
        endpoint: virtualApi.virtualAdd,
        label: t('stationConfig.virtual.add'),
        input: (v: Values) => ({ stationId, name: v.name, ...(v.sn ? { sn: v.sn } : {}), points: pointsOf(v) }),
      }}
      update={{
        endpoint: virtualApi.virtualUpdate,
        input: (v, r) => ({ id: r.id, name: v.name, points: pointsOf(v) }),
      }}
      remove={{
        endpoint: virtualApi.virtualDelete,
        input: (r) => ({ id: r.id }),
        confirm: (r) => t('stationConfig.virtual.deleteConfirm', { name: r.name }),
      }}
      form={{
        titles: { add: t('stationConfig.virtual.add'), edit: t('stationConfig.virtual.edit') },
        width: 900,
        defaults: { points: [{ code: '', name: '', precision: 1, formula: '' }] },
        valuesOf: (row) => ({
          name: row.name,
          points: row.points.map((p) => ({
            code: p.code,
            name: p.name,
            unit: p.unit,
            precision: p.precision,
            formula: p.formula,
          })),
        }),
        fields: (form, row) => (
          <>
            <Space align="start" wrap>
              <Form.Item name="name" label={t('stationConfig.virtual.name')} rules={[required, { max: 64 }]}>
                <Input style={{ width: 260 }} data-testid="virtual-name" />
              </Form.Item>
              {!row && (
                <Form.Item name="sn" label={t('stationConfig.virtual.sn')}>
                  <Input style={{ width: 260 }} placeholder={`${station?.code ?? ''}-VIRT-2`} />
                </Form.Item>
              )}
            </Space>
            <Form.List name="points">
              {(fields, { add: addPoint, remove: removePoint }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" wrap data-testid="virtual-point-row">
                      <Form.Item
                        name={[f.name, 'code']}
                        rules={[required, { pattern: CODE, message: t('stationConfig.problems.codeFormat') }]}
                      >
                        <Input style={{ width: 120 }} placeholder={t('stationConfig.virtual.code')} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'name']} rules={[required, { max: 64 }]}>
                        <Input style={{ width: 140 }} placeholder={t('stationConfig.virtual.pointName')} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'unit']} rules={[{ max: 16 }]}>
                        <Input style={{ width: 70 }} placeholder={t('stationConfig.virtual.unit')} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'precision']} rules={[required]}>
                        <InputNumber min={0} max={6} style={{ width: 70 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'formula']}
                        rules={[required, formulaRule]}
                        extra={t('stationConfig.virtual.formulaHelp', { example: '{SN.p} - {SN2.p}' })}
                      >
                        <Input.TextArea
                          autoSize
                          style={{ width: 260 }}
                          placeholder={t('stationConfig.virtual.formula')}
                        />
                      </Form.Item>
                      <PointPicker
                        stationId={stationId}
                        onPick={(ref) => {
                          const path: ['points', number, 'formula'] = ['points', f.name, 'formula'];
                          const now = (form.getFieldValue(path) as string | undefined) ?? '';
                          form.setFieldValue(path, now ? `${now} ${ref}` : ref);
                        }}
                      />
                      <Button
                        icon={<DeleteOutlined />}
                        disabled={fields.length === 1}
                        onClick={() => removePoint(f.name)}
                        aria-label={t('crud.delete')}
                      />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => addPoint({ precision: 1 })}>
                    {t('stationConfig.virtual.addPoint')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        ),
      }}
    />
  );
}
