import type { OrderDetail, OrderRow, OrderTrack } from '@ess/contract';

/** An order of station 5 waiting for allocation, with any field replaced. */
export const orderRow = (id: number, over: Partial<OrderRow> = {}): OrderRow => ({
  id,
  number: `WO20261202${String(id).padStart(3, '0')}`,
  title: `Inverter fault ${id}`,
  status: 0,
  orderType: 1,
  source: 'manual',
  stationId: 5,
  stationName: 'Station 5',
  deviceId: 51,
  deviceName: 'PCS 1',
  alarmEventId: null,
  priority: 3,
  plannedTime: Date.UTC(2026, 11, 3, 2),
  initiatorId: 7,
  initiatorName: 'Olga Operator',
  assignees: [{ kind: 'user', id: 7, name: 'Olga Operator' }],
  activeNodeIds: ['allocate'],
  slaDueAt: null,
  createdAt: Date.UTC(2026, 11, 2, 1),
  ...over,
});

/** The detail of `row`: the caller may take `actions`. */
export const orderDetail = (row: OrderRow, over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...row,
  description: 'Inverter stopped with a DC fault',
  remark: null,
  executors: [{ kind: 'post', id: 3, name: 'Maintainers' }],
  executorId: null,
  executorName: null,
  executorPhone: null,
  repairTime: row.createdAt,
  acceptTime: null,
  finishTime: null,
  images: [],
  attachments: [],
  templateId: 1,
  definitionId: 1,
  definitionKey: 'faultRepair',
  formFields: [],
  formValues: {},
  actions: ['allocate', 'void'],
  canDelete: false,
  backNodes: [{ id: 'allocate', name: 'Allocate the order' }],
  candidateUsers: [
    { id: 8, name: 'Mia Maintainer' },
    { id: 9, name: 'Max Maintainer' },
  ],
  candidatePosts: [{ id: 3, name: 'Maintainers' }],
  ...over,
});

/** A photo of the file store (ids are uuids). */
export const PHOTO_ID = '0b6f1c9e-3f1a-4c1e-9d55-2a7c7c0e9a11';

export const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
  <process id="faultRepair" isExecutable="true">
    <userTask id="allocate" name="Allocate the order" />
    <userTask id="handle" name="Handle on site" />
  </process>
</definitions>`;

/** Created, then allocated to Mia with an opinion and a photo. */
export const orderTrack = (row: OrderRow): OrderTrack => ({
  steps: [
    {
      action: 'create',
      userId: 7,
      userName: 'Olga Operator',
      time: row.createdAt,
      opinion: null,
      nodeId: null,
      toNodeId: 'allocate',
      attachments: [],
    },
    {
      action: 'allocate',
      userId: 7,
      userName: 'Olga Operator',
      time: row.createdAt + 600_000,
      opinion: 'Mia is on site today',
      nodeId: 'allocate',
      toNodeId: 'handle',
      attachments: [{ id: PHOTO_ID, name: 'rack.jpg', size: 1000, contentType: 'image/jpeg' }],
    },
  ],
  activeNodeIds: ['handle'],
});
