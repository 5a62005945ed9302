import { MODEL_DEVICE_TYPES, type Names } from '@ess/contract';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { deviceModels } from './schema';

/** Equipment and models (issue 13 part 7): model types and the models an EMS model supports. */
const tstz = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A category of device models (模型类型), mapped to the device type its models have. */
export const modelTypes = pgTable('biz_model_type', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  names: jsonb('names').$type<Names>().notNull(),
  deviceType: text('device_type', { enum: MODEL_DEVICE_TYPES }).notNull(),
  sort: integer('sort').notNull().default(0),
  createTime: tstz('create_time'),
  updateTime: tstz('update_time'),
});

/**
 * Device models an EMS model supports (设备模型关联). An EMS model with rows here admits only
 * devices of these models below an EMS device of it; one without rows admits any.
 */
export const emsModelLinks = pgTable(
  'biz_ems_model_link',
  {
    emsModelId: integer('ems_model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.emsModelId, t.modelId] }), index('biz_ems_model_link_model').on(t.modelId)],
);
