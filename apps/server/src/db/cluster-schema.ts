import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Server instances sharing an external MQTT broker (domains/telemetry/cluster). Each beats `beat_time`
 * (the database's clock, so hosts need not agree on time); when an instance's beat stops, one
 * live instance claims it (`adopted_by`, a conditional update) and serves its persistent MQTT
 * sessions until it is back. The counters are telemetry messages acknowledged after commit
 * since the instance started: on its own sessions and on adopted ones.
 */
export const sysInstances = pgTable('sys_instance', {
  /** The instance's MQTT client id prefix (MQTT_CLIENT_ID): its sessions are `<id>-0` … `<id>-<n-1>`. */
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** How many ingest sessions it keeps on the broker (MQTT_INGEST_CONNECTIONS). */
  connections: integer('connections').notNull(),
  startTime: at('start_time').notNull().defaultNow(),
  beatTime: at('beat_time').notNull().defaultNow(),
  /** The live instance serving its sessions while it is away; cleared by its next beat. */
  adoptedBy: text('adopted_by'),
  adoptedTime: at('adopted_time'),
  ackedMessages: bigint('acked_messages', { mode: 'number' }).notNull().default(0),
  adoptedMessages: bigint('adopted_messages', { mode: 'number' }).notNull().default(0),
});
