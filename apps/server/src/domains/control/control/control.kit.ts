import { type CommandAck, type CommandPayload, sealSecret, statusPayload, topicOf } from '@ess/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { expect, vi } from 'vitest';
import type { Db } from '../../../db/client';
import { devices, stations } from '../../../db/schema';
import { ADMIN_PASSWORD, connectDevice, publicKeyOf, type TestContext } from '../../../test/harness';

/** A device of the seed, addressed as the broker and the API know it. */
export type SeedDevice = { id: number; sn: string; stationId: number; code: string };

/** The first devices of a type (by station, then sort) in the seed. */
export async function seedDevices(db: Db, type: 'ems' | 'pcs' | 'cabinet', limit = 5): Promise<SeedDevice[]> {
  return db
    .select({ id: devices.id, sn: devices.sn, stationId: stations.id, code: stations.code })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(and(eq(devices.type, type)))
    .orderBy(asc(stations.id), asc(devices.sort), asc(devices.id))
    .limit(limit);
}

/** The user's password sealed as at sign-in (what control calls carry). */
export async function sealedPassword(app: FastifyInstance, password = ADMIN_PASSWORD) {
  const s = await sealSecret(await publicKeyOf(app), password);
  return { password: s.cipher, aesKey: s.aesKey, iv: s.iv };
}

const online = JSON.stringify(statusPayload.parse({ online: true }));

/**
 * A device on the test broker that reports itself online, receives its commands and answers
 * each as `answer` says (null: no answer).
 */
export async function answeringDevice(
  ctx: Pick<TestContext, 'app' | 'mqttUrl' | 'database' | 'env'> & Partial<TestContext>,
  d: SeedDevice,
  answer: (cmd: CommandPayload) => CommandAck | null,
): Promise<{ client: MqttClient; received: CommandPayload[] }> {
  const client = await connectDevice(ctx as TestContext, d.sn);
  const received: CommandPayload[] = [];
  client.on('message', (_topic, buf) => {
    const cmd = JSON.parse(buf.toString()) as CommandPayload;
    received.push(cmd);
    const ack = answer(cmd);
    if (ack) void client.publishAsync(topicOf(d.code, d.sn, 'cmd/ack'), JSON.stringify(ack), { qos: 1 });
  });
  await client.subscribeAsync(topicOf(d.code, d.sn, 'cmd'), { qos: 1 });
  await client.publishAsync(topicOf(d.code, d.sn, 'status'), online, { qos: 1 });
  await vi.waitFor(() => expect(ctx.app.telemetry?.deviceOnline(d.id)).toBe(true));
  return { client, received };
}

export const succeed = (cmd: CommandPayload): CommandAck => ({ id: cmd.id, status: 'success' });
export const silent = (): null => null;
