import {
  CLIENT_ERROR_KINDS,
  DATA_SCOPES,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  type DeviceModelDef,
  METER_ROLES,
  type Names,
  POINT_KINDS,
  type TouPrices,
  type TouSegment,
  type ValueLimit,
} from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

/** Organisation tree (group → company → branch). */
export const orgs = pgTable('sys_org', {
  id: serial('id').primaryKey(),
  pid: integer('pid').notNull().default(0),
  name: text('name').notNull(),
  /** A seeded organisation's name per interface language; renamed by hand, it goes. */
  names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
  code: text('code').notNull().unique(),
  orderNum: integer('order_num').notNull().default(0),
  leader: text('leader'),
  phone: text('phone'),
  createTime: created(),
});

export const posts = pgTable('sys_post', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  createTime: created(),
});

export const users = pgTable('sys_user', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  realName: text('real_name'),
  nickname: text('nickname'),
  phone: text('phone'),
  email: text('email'),
  sex: integer('sex'),
  deptId: integer('dept_id').references(() => orgs.id),
  postId: integer('post_id').references(() => posts.id),
  /** Argon2id in PHC form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`; `scrypt$N$r$p$salt$hash` from earlier versions) — never reversible. */
  passwordHash: text('password_hash').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Built-in accounts that may only read (large-screen demo). */
  readOnly: boolean('read_only').notNull().default(false),
  /** Shared built-in demo account (large screens): its password cannot be changed by a session. */
  demo: boolean('demo').notNull().default(false),
  /** Sees every station of the group regardless of organisation. */
  groupWide: boolean('group_wide').notNull().default(false),
  lang: text('lang'),
  createTime: created(),
  updateTime: updated(),
});

export const roles = pgTable('sys_role', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  /** A seeded role's name and description per interface language; edited by hand, they go. */
  names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
  descriptions: jsonb('descriptions').$type<Partial<Names>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  /** Stations its users see: all, their organisation subtree, or chosen organisations' (sys_role_org). */
  dataScope: text('data_scope', { enum: DATA_SCOPES }).notNull().default('org'),
  createTime: created(),
});

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menu and button rows; `code` is unique and is also the translation key. */
export const menus = pgTable('sys_menu', {
  id: serial('id').primaryKey(),
  pid: integer('pid').notNull().default(0),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Name per interface language: {zh_CN, en_US, es_ES, ja_JP}; `name` is the fallback. */
  names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
  perms: text('perms'),
  url: text('url'),
  urlApp: text('url_app'),
  icon: text('icon'),
  iconApp: text('icon_app'),
  /** HTTP method of the call a button's permission guards (spec 3 "Menu item"). */
  method: text('method', { enum: ['GET', 'POST', 'PUT', 'DELETE'] }),
  color: text('color'),
  type: text('type', { enum: ['menu', 'button'] }).notNull(),
  show: text('show', { enum: ['all', 'pc', 'app'] })
    .notNull()
    .default('all'),
  orderNum: integer('order_num').notNull().default(0),
  status: integer('status').notNull().default(1),
  hidden: boolean('hidden').notNull().default(false),
  isConfig: boolean('is_config').notNull().default(false),
  external: boolean('external').notNull().default(false),
  component: text('component'),
  /** Station types this entry applies to; empty = every station. */
  stationTypes: text('station_types', { enum: ['operating', 'construction', 'proposed'] })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Station ids this entry is limited to; empty = every station. */
  stationIds: integer('station_ids').array().notNull().default(sql`'{}'::integer[]`),
  createTime: created(),
  updateTime: updated(),
});

export const roleMenus = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const dictTypes = pgTable('sys_dict_type', {
  id: serial('id').primaryKey(),
  type: text('type').notNull().unique(),
  description: text('description').notNull(),
  /** A seeded type's description per interface language; edited by hand, they go. */
  descriptions: jsonb('descriptions').$type<Partial<Names>>().notNull().default({}),
});

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    /** Label per language: {zh_CN, en_US, es_ES, ja_JP}. */
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sys_dict_item_type_key').on(t.typeId, t.key),
    // Spec 5: duplicate value names are rejected within a type.
    uniqueIndex('sys_dict_item_type_value').on(t.typeId, t.value),
  ],
);

export const stations = pgTable('biz_station', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  address: text('address'),
  /** GB/T 2260 province code; names per language come from the contract's table. */
  provinceCode: text('province_code').notNull(),
  city: text('city'),
  /** The city's name per language (the list and headers show it in the interface language). */
  cityNames: jsonb('city_names').$type<Names>(),
  ratedPowerKw: doublePrecision('rated_power_kw').notNull(),
  capacityKwh: doublePrecision('capacity_kwh').notNull(),
  gridConnectionTime: text('grid_connection_time'),
  type: text('type', { enum: ['operating', 'construction', 'proposed'] }).notNull(),
  longitude: doublePrecision('longitude').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  contact: text('contact'),
  phone: text('phone'),
  /** IANA zone of the site: local days for daily roll-ups, TOU periods, reports. */
  timezone: text('timezone').notNull().default('Asia/Shanghai'),
  // Its TOU price templates over time: biz_station_tou_template (rate-schema.ts).
  showWeather: boolean('show_weather').notNull().default(true),
  forceChinese: boolean('force_chinese').notNull().default(false),
  orgId: integer('org_id')
    .notNull()
    .references(() => orgs.id),
  createTime: created(),
  updateTime: updated(),
});

/** Explicit station grants beyond the user's organisation subtree. */
export const userStations = pgTable(
  'sys_user_station',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stationId] })],
);

export const sessions = pgTable(
  'sys_session',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * `pc` form sign-in; `screen` the shared large-screen account; `big-screen` a one-time
     * large-screen token (not a session: exchanged once, then revoked); `screen-window` the
     * read-only session a big-screen token was exchanged for.
     */
    kind: text('kind', { enum: ['pc', 'screen', 'big-screen', 'screen-window'] })
      .notNull()
      .default('pc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('sys_session_user').on(t.userId)],
);

/** Operation log (spec 3 "Log"). */
export const logs = pgTable(
  'sys_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    username: text('username'),
    name: text('name').notNull(),
    ip: text('ip'),
    method: text('method'),
    methodName: text('method_name'),
    params: text('params'),
    durationMs: integer('duration_ms').notNull().default(0),
    success: boolean('success').notNull().default(true),
    /** HTTP status of a logged call; null for rows a service wrote (sign-in steps). */
    status: integer('status'),
    createTime: created(),
  },
  (t) => [index('sys_log_time').on(t.createTime)],
);

/** Errors of the web app reported by browsers (spec 8 client error log), kept 30 days. */
export const clientErrors = pgTable(
  'sys_client_error',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: CLIENT_ERROR_KINDS }).notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    release: text('release').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createTime: created(),
  },
  (t) => [index('sys_client_error_time').on(t.createTime)],
);

/**
 * Password checks per account and source address in the current lock window: every check is
 * reserved here (one upsert, under the limit only) before it runs; a wrong password keeps its
 * reservation, a right one deletes the row (domains/access/auth/login-guard.ts). `ip` is '' when unknown.
 */
export const passwordAttempts = pgTable(
  'sys_password_attempt',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sys_password_attempt_pk', columns: [t.username, t.ip] })],
);

/** Addresses each account signed in from; attempts from them skip the per-account ceiling. */
export const loginSources = pgTable(
  'sys_login_source',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSuccess: timestamp('last_success', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sys_login_source_pk', columns: [t.userId, t.ip] })],
);

/** Per-account token bucket of sign-in attempts from unknown addresses. */
export const loginThrottle = pgTable('sys_login_throttle', {
  username: text('username').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** Login RSA key pairs, one per rotation slot; the private key encrypted (login-keys.ts). */
export const loginKeys = pgTable('sys_login_key', {
  slot: bigint('slot', { mode: 'number' }).primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyEnc: text('private_key_enc').notNull(),
  createTime: created(),
});

/** AES keys seen at login, refused again for the lifetime of the key pair that sealed them. */
export const seenKeys = pgTable('sys_seen_key', {
  keyHash: text('key_hash').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const userThemes = pgTable('sys_user_theme', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  updateTime: updated(),
});

/** Small persisted settings: the RSA key pair, system theme, seed marker. */
export const settings = pgTable('sys_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updateTime: updated(),
});

/** Time-of-use price template: the day's cut into periods and a price per period (per kWh). */
export const touTemplates = pgTable('biz_tou_template', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** A seeded template's name per interface language; renamed by hand, they go. */
  names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
  /** Electricity type (dictionary `electricityType`: general commercial, large industry, …). */
  electricityType: text('electricity_type').notNull().default('commercial'),
  segments: jsonb('segments').$type<TouSegment[]>().notNull(),
  prices: jsonb('prices').$type<TouPrices>().notNull(),
  currency: text('currency').notNull().default('CNY'),
  /** Validity range, inclusive dates (YYYY-MM-DD); null = open. */
  validFrom: text('valid_from'),
  validTo: text('valid_to'),
  enabled: boolean('enabled').notNull().default(true),
  createTime: created(),
  updateTime: updated(),
});

/** Device model (型号) and its point list; seeded from the contract's catalogue. */
export const deviceModels = pgTable('biz_device_model', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: DEVICE_TYPES }).notNull(),
  names: jsonb('names').$type<Names>().notNull(),
  manufacturer: text('manufacturer'),
  rated: jsonb('rated').$type<DeviceModelDef['rated']>().notNull().default({}),
  /**
   * Its model type (biz_model_type, equipment-schema.ts). No foreign key, to keep the schema
   * files free of import cycles; the service refuses deleting a type that models use.
   */
  modelTypeId: integer('model_type_id'),
  createTime: created(),
});

export const modelPoints = pgTable(
  'biz_model_point',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    names: jsonb('names').$type<Names>().notNull(),
    unit: text('unit'),
    kind: text('kind', { enum: POINT_KINDS }).notNull(),
    precision: integer('precision').notNull().default(1),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    counter: boolean('counter').notNull().default(false),
    states: jsonb('states').$type<Record<string, Names>>(),
    fast: boolean('fast').notNull().default(false),
    /** Warning and alarm limits of the value on screen (contract value-limits.ts). */
    limit: jsonb('value_limit').$type<ValueLimit>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('biz_model_point_code').on(t.modelId, t.code)],
);

/**
 * Devices of a station (spec 3 "Device"), real or virtual. `parentId` builds the station's
 * device tree (EMS → PCS → battery clusters). Real devices authenticate to MQTT with their
 * serial number and a secret whose SHA-256 is kept here.
 */
export const devices = pgTable(
  'biz_device',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    modelId: integer('model_id').references(() => deviceModels.id),
    parentId: integer('parent_id'),
    type: text('type', { enum: DEVICE_TYPES }).notNull(),
    name: text('name').notNull(),
    /** Seeded name per interface language; `name` is the fallback. A name edited by hand drops it. */
    names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
    /** Serial number: MQTT user name and topic segment; unique across the platform. */
    sn: text('sn').notNull().unique(),
    manufacturer: text('manufacturer'),
    /** 单价 and 服务费 of spec 3 (e.g. a charging pile's energy price and service fee per kWh). */
    unitPrice: doublePrecision('unit_price'),
    serviceFee: doublePrecision('service_fee'),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('offline'),
    /** The firmware version the device says it runs (its `status` message; a firmware upgrade's success). */
    firmwareVersion: text('firmware_version'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Expected reporting interval; online means data within 3× this. */
    reportIntervalS: integer('report_interval_s').notNull().default(10),
    mqttSecretHash: text('mqtt_secret_hash'),
    sort: integer('sort').notNull().default(0),
    createTime: created(),
    updateTime: updated(),
  },
  (t) => [index('biz_device_station').on(t.stationId)],
);

/**
 * A point of a device: the storage key of its samples (ts_* tables use `id`). Real points
 * copy their definition from the model point; virtual points carry a formula over real points.
 */
export const points = pgTable(
  'biz_point',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    names: jsonb('names').$type<Names>().notNull(),
    unit: text('unit'),
    kind: text('kind', { enum: POINT_KINDS }).notNull(),
    precision: integer('precision').notNull().default(1),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    counter: boolean('counter').notNull().default(false),
    states: jsonb('states').$type<Record<string, Names>>(),
    fast: boolean('fast').notNull().default(false),
    /** Warning and alarm limits of the value on screen (contract value-limits.ts). */
    limit: jsonb('value_limit').$type<ValueLimit>(),
    /** Virtual points only: the formula (contract formula.ts) computed on ingest. */
    formula: text('formula'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('biz_point_device_code').on(t.deviceId, t.code)],
);

/** Which meter of a station plays which role in energy accounting. */
export const meterRoles = pgTable(
  'biz_meter_role',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: METER_ROLES }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.role] })],
);

/**
 * How a meter is connected (meter-connection.ts in the contract): nominal line-to-line voltage
 * and PT/CT ratios. A meter without a row is on a 400 V bus, read directly.
 */
export const meterConnections = pgTable('biz_meter_connection', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  nominalVoltageV: doublePrecision('nominal_voltage_v').notNull(),
  ptRatio: doublePrecision('pt_ratio').notNull(),
  ctRatio: doublePrecision('ct_ratio').notNull(),
  updateTime: updated(),
});
