import { z } from 'zod';
import { HISTORY_TIMEOUT_MS } from '../constants';
import {
  addCurveListBody,
  addPointListBody,
  curveConfigRow,
  curveExportBody,
  curveSet,
  curveSetAddBody,
  curveSetDeleteBody,
  curveSetPage,
  curveSetPageBody,
  pageConfigKey,
  pointConfigData,
  pointConfigRow,
} from '../curve-config';
import {
  deviceCredentials,
  deviceIdBody,
  deviceNode,
  idParams,
  latestByTypeBody,
  latestByTypeResult,
  meterConfig,
  meterConnectionBody,
  meterRoleBody,
  meterRoleUpdateBody,
  pointData,
  pointInfo,
  queryPointBody,
  queryPointItem,
  queryVirtualPointBody,
  virtualAddBody,
  virtualDevice,
  virtualListItem,
  virtualPage,
  virtualPageBody,
  virtualPointRow,
  virtualUpdateBody,
} from '../device-api';
import { curveResult, pointCurveBody } from '../monitoring-api';
import { stationIdBody } from '../station';
import { endpointGroup, FILE } from './endpoint';

/** Real devices, their MQTT credentials and latest values. */
export const deviceApi = /*#__PURE__*/ endpointGroup('device', {
  deviceTree: {
    method: 'POST',
    path: '/business/device/treeTrueDevices',
    body: stationIdBody,
    response: z.array(deviceNode),
    access: { station: 'stationId' },
    summary: "The station's real devices as a tree by parent",
  },
  virtualDevices: {
    method: 'POST',
    path: '/business/device/getVirtualDevice',
    body: stationIdBody,
    response: z.array(virtualDevice),
    access: { station: 'stationId' },
    summary: "The station's virtual devices with their points and latest values",
  },
  latestByType: {
    method: 'POST',
    path: '/business/device/latestByType',
    body: latestByTypeBody,
    response: latestByTypeResult,
    access: { station: 'stationId' },
    summary: "A station's devices of one type with their latest values, in one round trip",
  },
  deviceCredentials: {
    method: 'POST',
    path: '/business/device/credentials',
    body: deviceIdBody,
    response: deviceCredentials,
    // Admin only: the permission is granted to no role, and admin holds every permission.
    access: { perms: ['sys:equipment:credentials'], mutates: true },
    summary: 'New MQTT credentials of a device (the secret is regenerated and shown once)',
  },
});

/** Points of devices: lists, newest values, history curves. */
export const pointApi = /*#__PURE__*/ endpointGroup('point', {
  pointList: {
    method: 'POST',
    path: '/business/point/pointList',
    body: deviceIdBody,
    response: z.array(pointInfo),
    access: {},
    summary: "The device's points: code, name, unit, kind, precision, states",
  },
  pointDataShowList: {
    method: 'POST',
    path: '/business/point/pointDataShowList',
    body: deviceIdBody,
    response: z.array(pointData),
    access: { screen: true },
    summary: 'Every point of the device with its newest value',
  },
  pointCurve: {
    method: 'POST',
    path: '/business/point/pointCurve',
    body: pointCurveBody,
    response: curveResult,
    access: {},
    summary: 'History of up to 50 points: raw samples for short ranges, roll-ups (≤ 1000 buckets) for long',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  queryPoint: {
    method: 'POST',
    path: '/business/point/queryPoint',
    body: queryPointBody,
    response: z.array(queryPointItem),
    access: { station: 'stationId' },
    summary: 'Devices and the points of one kind (sensType) for the point-configuration dialogs',
  },
  queryVirtualPoint: {
    method: 'POST',
    path: '/business/point/queryVirtualPoint',
    body: queryVirtualPointBody,
    response: z.array(virtualPointRow),
    access: { station: 'stationId' },
    summary: "Points of the station's virtual devices with formula and newest value",
  },
});

const virtualWrite = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Virtual devices: points computed on ingest from formulas over real points (spec 7 `/business/virtual`). */
export const virtualApi = /*#__PURE__*/ endpointGroup('virtual device', {
  virtualAdd: {
    method: 'POST',
    path: '/business/virtual/add',
    body: virtualAddBody,
    response: virtualDevice,
    access: { ...virtualWrite('sys:virtual:add'), station: 'stationId' },
    summary: 'Create a virtual device whose points are formulas over real points of the station',
    errors: [409],
  },
  virtualUpdate: {
    method: 'POST',
    path: '/business/virtual/update',
    body: virtualUpdateBody,
    response: virtualDevice,
    access: virtualWrite('sys:virtual:edit'),
    summary: "Replace a virtual device's name and points (points keep their history by code)",
  },
  virtualDelete: {
    method: 'DELETE',
    path: '/business/virtual/:id',
    params: idParams,
    response: z.null(),
    access: virtualWrite('sys:virtual:delete'),
    summary: 'Delete a virtual device and its points',
  },
  virtualPage: {
    method: 'POST',
    path: '/business/virtual/page',
    body: virtualPageBody,
    response: virtualPage,
    access: { perms: ['sys:virtualDeviceCol:query'], station: 'stationId' },
    summary: "A page of the station's virtual devices, filtered by name or serial",
  },
  virtualList: {
    method: 'POST',
    path: '/business/virtual/getVirtualList',
    body: stationIdBody,
    response: z.array(virtualListItem),
    access: { station: 'stationId' },
    summary: "The station's virtual devices (id, serial, name, point count) for selects",
  },
});

const meterWrite = { perms: ['sys:equipment:meter'], mutates: true, station: 'stationId' } as const;

/** Which meter is the station's gateway, storage, PV and load meter (spec 7 `xinFengMing`). */
export const meterRoleApi = /*#__PURE__*/ endpointGroup('meter role', {
  meterConfig: {
    method: 'POST',
    path: '/business/xinFengMing/queryElecMeterConfig',
    body: stationIdBody,
    response: meterConfig,
    access: { station: 'stationId' },
    summary: "The station's meter roles (gateway, storage, PV, load) and its meters",
  },
  meterConfigAdd: {
    method: 'POST',
    path: '/business/xinFengMing/addElecMeterConfig',
    body: meterRoleBody,
    response: meterConfig,
    access: meterWrite,
    summary: 'Give a meter role to a meter of the station (409 when the role has one)',
    errors: [409],
  },
  meterConfigUpdate: {
    method: 'POST',
    path: '/business/xinFengMing/updateElecMeterConfig',
    body: meterRoleUpdateBody,
    response: meterConfig,
    access: meterWrite,
    summary: "Set or (deviceId null) clear a meter role's meter",
  },
  meterConnectionUpdate: {
    method: 'POST',
    path: '/business/xinFengMing/updateElecMeterConnection',
    body: meterConnectionBody,
    response: meterConfig,
    access: meterWrite,
    summary: "Set a meter's connection: nominal line voltage (V), PT and CT ratios",
  },
});

// A page's configuration is shared by everyone who opens it: read-only accounts may not change it.
const configWrite = { mutates: true, refuseDemo: true, station: 'stationId' } as const;

/** Point and curve configuration of page blocks (spec 5 and 7 `dynamicConfig`). */
export const pageConfigApi = /*#__PURE__*/ endpointGroup('page configuration', {
  addCurveList: {
    method: 'POST',
    path: '/business/dynamicConfig/addCurveList',
    body: addCurveListBody,
    response: z.array(curveConfigRow),
    access: configWrite,
    summary: 'Replace the curve rows of a page block, in the order given',
  },
  queryCurveConfig: {
    method: 'POST',
    path: '/business/dynamicConfig/queryCurveConfig',
    body: pageConfigKey,
    response: z.array(curveConfigRow),
    access: { station: 'stationId' },
    summary: 'The curve rows of a page block',
  },
  addPointList: {
    method: 'POST',
    path: '/business/dynamicConfig/addPointList',
    body: addPointListBody,
    response: z.array(pointConfigRow),
    access: configWrite,
    summary: 'Replace the point rows of a page block, in the order given',
  },
  pointConfigList: {
    method: 'POST',
    path: '/business/dynamicConfig/pointList',
    body: pageConfigKey,
    response: z.array(pointConfigRow),
    access: { station: 'stationId' },
    summary: 'The point rows of a page block',
  },
  pointConfigData: {
    method: 'POST',
    path: '/business/dynamicConfig/pointListData',
    body: pageConfigKey,
    response: z.array(pointConfigData),
    access: { station: 'stationId' },
    summary: 'The point rows of a page block with their newest values',
  },
});

// A personal preference, like a theme: read-only managers keep their own sets; the shared demo account may not.
const personal = { refuseDemo: true } as const;

/** Saved curve sets (spec 7 `hisCurveRelate`) and the history-curve export. */
export const curveSetApi = /*#__PURE__*/ endpointGroup('history curves', {
  curveSetAdd: {
    method: 'POST',
    path: '/business/hisCurveRelate/add',
    body: curveSetAddBody,
    response: curveSet,
    access: { ...personal, station: 'stationId' },
    summary: "Save a named set of indicators of a station for the caller (with id: replace the caller's set)",
    errors: [409],
  },
  curveSetPage: {
    method: 'POST',
    path: '/business/hisCurveRelate/pageSelectAll',
    body: curveSetPageBody,
    response: curveSetPage,
    access: { station: 'stationId' },
    summary: "The caller's curve sets of a station, newest change first, items with today's names",
  },
  curveSetDelete: {
    method: 'POST',
    path: '/business/hisCurveRelate/delete',
    body: curveSetDeleteBody,
    response: z.null(),
    access: personal,
    summary: "Delete one of the caller's curve sets",
  },
  pointCurveExport: {
    method: 'POST',
    path: '/business/point/pointCurveExport',
    body: curveExportBody,
    response: FILE,
    access: { perms: ['surveillance:history:export'] },
    summary: 'History curves as CSV or Excel, at the resolution the chart reads (≤ 1000 buckets per series)',
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
});
