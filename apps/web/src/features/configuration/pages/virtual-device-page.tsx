import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FormulaError, parseFormula, type VirtualDevice, virtualApi } from '@ess/contract';
import { Button, Empty, Form, Input, InputNumber, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, editAction, FilterBar, FormModal, ListCard, RowActions } from '@/components/crud';
import { instantText, usePlatformTime } from '@/lib/format/platform-time';
import { useCurrentStation } from '@/lib/station/current-station';
import { useVirtualPage, useVirtualWrites } from '../api/virtual-devices';
import { PointPicker } from '../components/point-picker';

type PointValues = { code: string; name: string; unit?: string | null; precision: number; formula: string };
type Values = { name: string; sn?: string; points: PointValues[] };
type Editing = { row: VirtualDevice | null } | null;

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
  const [name, setName] = useState<string | undefined>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Editing>(null);
  const page = useVirtualPage(stationId, name, paging);
  const { add, update, remove } = useVirtualWrites();

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
    {
      key: 'actions',
      title: t('stationConfig.actions'),
      width: 130,
      render: (_, r) => (
        <RowActions
          actions={[
            editAction(t, {
              endpoint: virtualApi.virtualUpdate,
              testId: `virtual-edit-${r.sn}`,
              onClick: () => setEditing({ row: r }),
            }),
            {
              key: 'delete',
              label: t('crud.delete'),
              endpoint: virtualApi.virtualDelete,
              danger: true,
              testId: `virtual-delete-${r.sn}`,
              confirm: t('stationConfig.virtual.deleteConfirm', { name: r.name }),
              onClick: () => remove.mutateAsync({ id: r.id }).catch(() => undefined),
            },
          ]}
        />
      ),
    },
  ];

  const initial = (row: VirtualDevice | null): Partial<Values> =>
    row
      ? {
          name: row.name,
          points: row.points.map((p) => ({
            code: p.code,
            name: p.name,
            unit: p.unit,
            precision: p.precision,
            formula: p.formula,
          })),
        }
      : { points: [{ code: '', name: '', precision: 1, formula: '' }] };

  const submit = async (v: Values) => {
    const points = v.points.map((p) => ({ ...p, unit: p.unit || null }));
    const row = editing?.row;
    if (row) return update.mutateAsync({ id: row.id, name: v.name, points });
    return add.mutateAsync({ stationId, name: v.name, ...(v.sn ? { sn: v.sn } : {}), points });
  };

  return (
    <ListCard
      title={`${t('stationConfig.virtual.title')} · ${station?.name ?? ''}`}
      testId="virtual-device-page"
      failed={page.isError && !page.data}
      toolbar={
        <AddButton
          endpoint={virtualApi.virtualAdd}
          label={t('stationConfig.virtual.add')}
          testId="virtual-add"
          onClick={() => setEditing({ row: null })}
        />
      }
      filters={
        <FilterBar<{ name?: string }>
          onSearch={(f) => {
            setName(f.name);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          <Form.Item name="name">
            <Input allowClear placeholder={t('stationConfig.virtual.search')} style={{ width: 200 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<VirtualDevice>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching && !page.isError}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (count) => t('crud.total', { count }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
      />
      <FormModal<Values>
        open={editing !== null}
        width={900}
        title={editing?.row ? t('stationConfig.virtual.edit') : t('stationConfig.virtual.add')}
        initialValues={initial(editing?.row ?? null)}
        onClose={() => setEditing(null)}
        onSubmit={submit}
        testId="virtual-form"
      >
        {(form) => (
          <>
            <Space align="start" wrap>
              <Form.Item name="name" label={t('stationConfig.virtual.name')} rules={[required, { max: 64 }]}>
                <Input style={{ width: 260 }} data-testid="virtual-name" />
              </Form.Item>
              {!editing?.row && (
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
        )}
      </FormModal>
    </ListCard>
  );
}
