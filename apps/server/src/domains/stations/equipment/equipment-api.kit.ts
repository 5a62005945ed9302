import {
  type DeviceModelBody,
  type DeviceModelDetail,
  type Endpoint,
  type EquipmentRow,
  endpointPath,
  type ModelPointInput,
} from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/harness';

type Body = Record<string, unknown> | undefined;

/** Test helper: one call of an endpoint entry as the holder of `token`; status and envelope. */
export async function hit(
  app: FastifyInstance,
  token: string,
  entry: Endpoint,
  input?: Body,
  lang = 'zh_CN',
): Promise<{ status: number; code: number; msg: string; data: unknown; raw: Buffer; type: string }> {
  const params = entry.params ? input : undefined;
  const res = await app.inject({
    method: entry.method,
    url: `/api${endpointPath(entry, params)}`,
    headers: bearer(token, lang),
    ...(entry.body ? { payload: input ?? {} } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  const json = type.includes('json') ? (res.json() as { code: number; msg: string; data: unknown }) : null;
  return {
    status: res.statusCode,
    code: json?.code ?? 0,
    msg: json?.msg ?? '',
    data: json?.data ?? null,
    raw: res.rawPayload,
    type,
  };
}

/** A point of a test model. */
export const testPoint = (code: string, extra: Partial<ModelPointInput> = {}): ModelPointInput => ({
  code,
  names: { zh_CN: `点${code}`, en_US: `Point ${code}` },
  unit: 'kW',
  kind: 'telemetry',
  precision: 1,
  min: -1000,
  max: 1000,
  ...extra,
});

export const testModel = (
  code: string,
  points: ModelPointInput[],
  extra: Partial<Record<keyof DeviceModelBody | 'id', unknown>> = {},
): Record<string, unknown> => ({
  code,
  names: { zh_CN: `型号${code}`, en_US: `Model ${code}` },
  deviceType: 'pcs',
  manufacturer: 'Test Works',
  rated: { powerKw: 100 },
  points,
  ...extra,
});

export type { DeviceModelDetail, EquipmentRow };
