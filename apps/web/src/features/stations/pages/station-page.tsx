import {
  orgApi,
  PROVINCE_CODES,
  provinceName,
  STATION_TYPES,
  type StationAdmin,
  shellApi,
  stationAdminApi,
} from '@ess/contract';
import { Form, Input, Select, Table, Tabs, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  deleteAction,
  editAction,
  FilterBar,
  type FiltersOf,
  FormModal,
  ListCard,
  RowActions,
  useEndpointMutation,
  useServerTable,
} from '@/components/crud';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { useStationLogo } from '../api/station-logo';
import { type LogoChange, LogoField } from '../components/logo-field';
import { NationView } from '../components/nation-view';
import { StationDetail } from '../components/station-detail';
import { orgTreeData, StationFormFields, type StationFormValues } from '../components/station-form';

type Filters = FiltersOf<typeof stationAdminApi.stationPage>;
type Editing = { id: number | null; values: Partial<StationFormValues>; hasLogo: boolean } | null;

const NEW_STATION: Partial<StationFormValues> = {
  type: 'proposed',
  timezone: 'Asia/Shanghai',
  showWeather: true,
  forceChinese: false,
};

const formValuesOf = (s: StationAdmin): StationFormValues => ({
  code: s.code,
  name: s.name,
  address: s.address,
  provinceCode: s.provinceCode,
  city: s.cityEntered,
  ratedPowerKw: s.ratedPowerKw,
  capacityKwh: s.capacityKwh,
  gridConnectionTime: s.gridConnectionTime,
  type: s.type,
  longitude: s.longitude,
  latitude: s.latitude,
  contact: s.contact,
  phone: s.phone ?? '',
  orgId: s.orgId,
  timezone: s.timezone,
  showWeather: s.showWeather,
  forceChinese: s.forceChinese,
});

/** What a station write changes: the lists, the national listing, logos and the shell's station tree. */
const CHANGED = [
  stationAdminApi.stationPage,
  stationAdminApi.stationNation,
  stationAdminApi.stationDetail,
  stationAdminApi.stationGetLogo,
  shellApi.stationTree,
];

/** System menu "stations" (/system/department, 电站管理, pc only): station list, form and national listing. */
export function StationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [detail, setDetail] = useState<StationAdmin | null>(null);
  const table = useServerTable(stationAdminApi.stationPage, filters);
  const orgs = useEndpoint(orgApi.orgTree, {});
  const add = useEndpointMutation(stationAdminApi.stationAdd, { invalidate: CHANGED });
  const update = useEndpointMutation(stationAdminApi.stationUpdate, { invalidate: CHANGED });
  const remove = useEndpointMutation(stationAdminApi.stationDelete, { invalidate: CHANGED });
  const uploadLogo = useEndpointMutation(stationAdminApi.stationUploadLogo, { invalidate: CHANGED });
  const deleteLogo = useEndpointMutation(stationAdminApi.stationDeleteLogo, { invalidate: CHANGED });
  const currentLogo = useStationLogo(editing?.id ?? null, editing?.hasLogo ?? false);
  const provinces = useMemo(() => PROVINCE_CODES.map((c) => ({ value: c, label: provinceName(c, lang) })), [lang]);
  const types = STATION_TYPES.map((v) => ({ value: v, label: t(`stationAdmin.types.${v}`) }));

  const open = (e: NonNullable<Editing>) => {
    setLogo({ kind: 'keep' });
    setEditing(e);
  };
  const save = async (v: StationFormValues) => {
    let id: number;
    if (editing?.id) {
      await update.mutateAsync({ ...v, id: editing.id });
      id = editing.id;
    } else {
      id = (await add.mutateAsync(v)).id;
    }
    // The logo needs the station's id, so it follows the station's own save.
    if (logo.kind === 'set') await uploadLogo.mutateAsync({ id, data: logo.base64 });
    if (logo.kind === 'remove' && editing?.hasLogo) await deleteLogo.mutateAsync({ id });
  };

  const columns: ColumnsType<StationAdmin> = [
    { key: 'code', title: t('stationAdmin.code'), dataIndex: 'code', sorter: true },
    { key: 'name', title: t('stationAdmin.name'), dataIndex: 'name', sorter: true },
    {
      key: 'type',
      title: t('stationAdmin.type'),
      dataIndex: 'type',
      render: (v: StationAdmin['type']) => t(`stationAdmin.types.${v}`),
    },
    {
      key: 'province',
      title: t('stationAdmin.province'),
      render: (_, s) => [s.province, s.city].filter(Boolean).join(' · '),
    },
    { key: 'org', title: t('stationAdmin.org'), dataIndex: 'orgName' },
    {
      key: 'ratedPowerKw',
      title: t('stationAdmin.ratedPowerKw'),
      dataIndex: 'ratedPowerKw',
      sorter: true,
      align: 'right',
      render: (v: number) => f.number(v, 0),
    },
    {
      key: 'capacityKwh',
      title: t('stationAdmin.capacityKwh'),
      dataIndex: 'capacityKwh',
      sorter: true,
      align: 'right',
      render: (v: number) => f.number(v, 0),
    },
    {
      key: 'gridConnectionTime',
      title: t('stationAdmin.gridConnectionTime'),
      dataIndex: 'gridConnectionTime',
      sorter: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'contact',
      title: t('stationAdmin.contact'),
      render: (_, s) => [s.contact, s.phone].filter(Boolean).join(' ') || '-',
    },
    { key: 'devices', title: t('stationAdmin.devices'), dataIndex: 'deviceCount', align: 'right' },
    {
      key: 'actions',
      title: t('stationAdmin.actions'),
      width: 190,
      render: (_, s) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('crud.detail'), testId: `station-detail-${s.code}`, onClick: () => setDetail(s) },
            editAction(t, {
              endpoint: stationAdminApi.stationUpdate,
              testId: `station-edit-${s.code}`,
              onClick: () => open({ id: s.id, values: formValuesOf(s), hasLogo: s.hasLogo }),
            }),
            deleteAction(t, {
              endpoint: stationAdminApi.stationDelete,
              name: s.name,
              testId: `station-delete-${s.code}`,
              blockedBy: s.deviceCount > 0 ? t('stationAdmin.hasDevices', { count: s.deviceCount }) : undefined,
              onDelete: () => remove.mutateAsync({ id: s.id }).catch(() => undefined),
            }),
          ]}
        />
      ),
    },
  ];

  const list = (
    <>
      <FilterBar<Filters> onSearch={setFilters} testId="station-filters">
        <Form.Item name="name">
          <Input allowClear placeholder={t('stationAdmin.nameFilter')} />
        </Form.Item>
        <Form.Item name="type">
          <Select allowClear placeholder={t('stationAdmin.type')} options={types} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="orgId">
          <TreeSelect
            allowClear
            placeholder={t('stationAdmin.org')}
            treeData={orgTreeData(orgs.data ?? [])}
            treeDefaultExpandAll
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item name="provinceCode">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('stationAdmin.province')}
            options={provinces}
            style={{ width: 140 }}
          />
        </Form.Item>
      </FilterBar>
      <Table<StationAdmin>
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: 1200 }}
        {...table.tableProps}
        data-testid="station-table"
      />
    </>
  );

  return (
    <ListCard
      title={t('stationAdmin.title')}
      testId="station-page"
      failed={table.query.isError && !table.query.data}
      toolbar={
        <AddButton
          endpoint={stationAdminApi.stationAdd}
          testId="station-add"
          onClick={() => open({ id: null, values: NEW_STATION, hasLogo: false })}
        />
      }
    >
      <Tabs
        destroyOnHidden
        items={[
          { key: 'list', label: t('stationAdmin.tabList'), children: list },
          { key: 'nation', label: t('stationAdmin.tabNation'), children: <NationView /> },
        ]}
      />
      <FormModal<StationFormValues>
        open={editing !== null}
        width={920}
        title={editing?.id ? t('stationAdmin.editTitle') : t('stationAdmin.addTitle')}
        initialValues={editing?.values ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="station-form"
      >
        {(form) => (
          <>
            <StationFormFields form={form} orgs={orgs.data ?? []} />
            <Form.Item label={t('stationAdmin.logo')}>
              <LogoField currentUrl={currentLogo} change={logo} onChange={setLogo} />
            </Form.Item>
          </>
        )}
      </FormModal>
      <StationDetail station={detail} onClose={() => setDetail(null)} />
    </ListCard>
  );
}
