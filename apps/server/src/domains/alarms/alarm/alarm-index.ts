import type { DeviceInfo } from '../../telemetry/telemetry';
import { type DefinitionRow, type EffectiveRule, effectiveRule, type OverrideRow, ruleKey } from './alarm-rules';

/** One enabled rule on one device. */
export type DeviceRule = { key: string; rule: EffectiveRule; device: DeviceInfo };

/**
 * The rules in force, indexed for ingest: by device id, the enabled effective rules whose point
 * the device has. A group default (device type) becomes one entry per device of that type; a
 * station's override replaces the group values for that station's devices. Rebuilt as a whole
 * when a definition, an override or the devices change.
 */
export class AlarmIndex {
  /** Value rules (every condition but `nodata`) per device. */
  readonly byDevice = new Map<number, DeviceRule[]>();
  /** `nodata` rules, checked by the timer sweep. */
  readonly nodata: DeviceRule[] = [];
  readonly nodataByDevice = new Map<number, DeviceRule[]>();
  /** Keys of every enabled rule on a device: an active event whose key is not here recovers. */
  readonly keys = new Set<string>();
  size = 0;

  constructor(definitions: DefinitionRow[], overrides: OverrideRow[], devices: Iterable<DeviceInfo>) {
    const over = new Map(overrides.map((o) => [`${o.stationId}:${o.definitionId}`, o]));
    const byType = new Map<string, DefinitionRow[]>();
    const byId = new Map<number, DefinitionRow[]>();
    for (const d of definitions) {
      if (d.deviceId !== null) push(byId, d.deviceId, d);
      else if (d.deviceType !== null) push(byType, d.deviceType, d);
    }
    for (const device of devices) {
      const defs = [...(byType.get(device.type) ?? []), ...(byId.get(device.id) ?? [])];
      for (const d of defs) {
        if (!device.points.has(d.pointCode)) continue;
        const rule = effectiveRule(d, over.get(`${device.station.id}:${d.definitionId}`));
        if (!rule.enabled) continue;
        const entry = { key: ruleKey(d.definitionId, device.id), rule, device };
        this.keys.add(entry.key);
        this.size++;
        if (rule.condition === 'nodata') {
          this.nodata.push(entry);
          push(this.nodataByDevice, device.id, entry);
        } else push(this.byDevice, device.id, entry);
      }
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
