import { PROVINCE_CODES, provinceName, STATION_TYPES, type StationAdmin, stationAdminApi } from '@ess/contract';
import { Form, Input, Select, Tabs, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud';
import { useFormat } from '@/lib/format/use-format';
import { useLang } from '@/lib/i18n/use-lang';
import { useStationLogo } from '../api/station-logo';
import { STATION_WRITES, type StationValues, useSaveStation, useStationOrgs } from '../api/station-writes';
import { type LogoChange, LogoField } from '../components/logo-field';
import { NationView } from '../components/nation-view';
import { StationDetail } from '../components/station-detail';
import { orgTreeData, StationFormFields } from '../components/station-form';

const NEW_STATION: Partial<StationValues> = {
  type: 'proposed',
  timezone: 'Asia/Shanghai',
  showWeather: true,
  forceChinese: false,
  logo: { kind: 'keep' },
};

const formValuesOf = (s: StationAdmin): StationValues => ({
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
  logo: { kind: 'keep' },
});

/** The logo as a form field: its change is a form value, so opening the dialog resets it. */
function LogoInput({
  station,
  value,
  onChange,
}: {
  station: StationAdmin | null;
  value?: LogoChange;
  onChange?: (change: LogoChange) => void;
}) {
  const currentLogo = useStationLogo(station?.id ?? null, station?.hasLogo ?? false);
  return <LogoField currentUrl={currentLogo} change={value ?? { kind: 'keep' }} onChange={(c) => onChange?.(c)} />;
}

/** System menu "stations" (/system/department, 电站管理, pc only): station list, form and national listing. */
export function StationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const orgs = useStationOrgs();
  const save = useSaveStation();
  const provinces = useMemo(() => PROVINCE_CODES.map((c) => ({ value: c, label: provinceName(c, lang) })), [lang]);
  const types = STATION_TYPES.map((v) => ({ value: v, label: t(`stationAdmin.types.${v}`) }));
  const kw = (v: number) => f.number(v, 0);

  return (
    <CrudPage
      title={t('stationAdmin.title')}
      testId="station"
      list={stationAdminApi.stationPage}
      rowTestKey={(s) => s.code}
      rowName={(s) => s.name}
      invalidate={STATION_WRITES}
      actionsWidth={190}
      table={{ scroll: { x: 1200 } }}
      frame={(list) => (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'list', label: t('stationAdmin.tabList'), children: list },
            { key: 'nation', label: t('stationAdmin.tabNation'), children: <NationView /> },
          ]}
        />
      )}
      filters={
        <>
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
        </>
      }
      columns={[
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
          render: kw,
        },
        {
          key: 'capacityKwh',
          title: t('stationAdmin.capacityKwh'),
          dataIndex: 'capacityKwh',
          sorter: true,
          align: 'right',
          render: kw,
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
      ]}
      detail={{ drawer: (s, onClose) => <StationDetail station={s} onClose={onClose} /> }}
      add={{ endpoint: stationAdminApi.stationAdd }}
      update={{ endpoint: stationAdminApi.stationUpdate }}
      remove={{
        endpoint: stationAdminApi.stationDelete,
        input: (s) => ({ id: s.id }),
        blockedBy: (s) => (s.deviceCount > 0 ? t('stationAdmin.hasDevices', { count: s.deviceCount }) : undefined),
      }}
      form={{
        titles: { add: t('stationAdmin.addTitle'), edit: t('stationAdmin.editTitle') },
        width: 920,
        defaults: NEW_STATION,
        valuesOf: formValuesOf,
        save,
        fields: (form, row) => (
          <>
            <StationFormFields form={form} orgs={orgs.data ?? []} />
            <Form.Item name="logo" label={t('stationAdmin.logo')}>
              <LogoInput station={row} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
