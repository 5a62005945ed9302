import { type DeviceModelRow, equipModelApi } from '@ess/contract';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { call } from '@/lib/api/client';
import { MODEL_WRITES } from '../api/equipment-writes';
import { ModelFormModal, type ModelFormValues, modelFormValues } from './model-form-modal';
import { ModelPointsDrawer } from './model-points-drawer';
import { pointInput } from './point-values';
import { reportSaved } from './report-saved';

const EQUIP = {
  page: equipModelApi.equipModelPage,
  add: equipModelApi.equipModelAdd,
  update: equipModelApi.equipModelUpdate,
  remove: equipModelApi.equipModelDelete,
};
const EMS = {
  page: equipModelApi.emsModelPage,
  add: equipModelApi.emsModelAdd,
  update: equipModelApi.emsModelUpdate,
  remove: equipModelApi.emsModelDelete,
};

/** What differs between the device model list and the EMS model list. */
export type ModelListConfig = {
  /** Which models the list holds: 'ems' = EMS models only, through the EMS model calls; 'all' = models of every device type. */
  kind: 'ems' | 'all';
  title: string;
  /** Test ids: the card's, and the prefix of the add button, table and row links (`<row>-points-<code>` etc.). */
  testIds: { page: string; row: string };
  /** Columns after the name column. */
  extraColumns?: ColumnsType<DeviceModelRow>;
  /** Filter items after the keyword. */
  extraFilters?: ReactNode;
};

/** A model's form values, read from its detail (the list rows carry no points). */
const loadModel = async (m: DeviceModelRow) =>
  modelFormValues(await call(equipModelApi.equipModelDetail, { id: m.id }));

/** A device model list with its form dialog and point drawer (system menus device / EMS models). */
export function ModelList({ kind, title, testIds, extraColumns = [], extraFilters }: ModelListConfig) {
  const { t } = useTranslation();
  const api = kind === 'ems' ? EMS : EQUIP;
  const [pointsOf, setPointsOf] = useState<number | null>(null);

  /** The body of an add or update call from the form; an EMS model's type is fixed. */
  const bodyOf = (v: ModelFormValues) => ({
    code: v.code,
    names: v.names,
    ...(kind === 'ems' ? {} : { deviceType: v.deviceType }),
    modelTypeId: v.modelTypeId ?? null,
    manufacturer: v.manufacturer ?? null,
    rated: Object.fromEntries(Object.entries(v.rated ?? {}).filter(([, n]) => typeof n === 'number')),
    points: (v.points ?? []).map(pointInput),
  });

  return (
    <CrudPage
      title={title}
      testId={testIds.row}
      cardTestId={testIds.page}
      list={api.page}
      rowTestKey={(m) => m.code}
      rowName={(m) => m.code}
      invalidate={MODEL_WRITES}
      actionsWidth={200}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('equipment.keyword')} />
          </Form.Item>
          {extraFilters}
        </>
      }
      columns={[
        { key: 'code', title: t('equipment.code'), dataIndex: 'code', sorter: true },
        { key: 'name', title: t('equipment.name'), dataIndex: 'name' },
        ...extraColumns,
        {
          key: 'modelType',
          title: t('equipment.modelType'),
          dataIndex: 'modelTypeName',
          render: (v: string | null) => v ?? '-',
        },
        {
          key: 'manufacturer',
          title: t('equipment.manufacturer'),
          dataIndex: 'manufacturer',
          sorter: true,
          render: (v: string | null) => v ?? '-',
        },
        { key: 'pointCount', title: t('equipment.pointCount'), dataIndex: 'pointCount', width: 90 },
        { key: 'deviceCount', title: t('equipment.deviceCount'), dataIndex: 'deviceCount', width: 90 },
      ]}
      rowActions={(m) => [
        {
          key: 'points',
          label: t('equipment.points'),
          testId: `${testIds.row}-points-${m.code}`,
          onClick: () => setPointsOf(m.id),
        },
      ]}
      add={{ endpoint: api.add }}
      update={{ endpoint: api.update }}
      remove={{
        endpoint: api.remove,
        input: (m) => ({ id: m.id }),
        blockedBy: (m) => (m.deviceCount > 0 ? t('equipment.inUseDevices', { count: m.deviceCount }) : undefined),
      }}
      form={{
        defaults: kind === 'ems' ? { deviceType: 'ems', points: [] } : { points: [] },
        load: loadModel,
        save: async (v: ModelFormValues, m) => {
          const saved = m ? await call(api.update, { ...bodyOf(v), id: m.id }) : await call(api.add, bodyOf(v));
          reportSaved(saved, t);
        },
        modal: (p) => (
          <ModelFormModal
            open={p.open}
            title={p.row ? t('equipment.editModel') : t('equipment.addModel')}
            initialValues={p.initialValues}
            fixedType={kind === 'ems' ? 'ems' : undefined}
            onClose={p.onClose}
            onSubmit={p.onSubmit}
          />
        ),
      }}
      extras={<ModelPointsDrawer modelId={pointsOf} onClose={() => setPointsOf(null)} />}
    />
  );
}
