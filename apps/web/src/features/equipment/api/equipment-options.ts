import {
  DEVICE_TYPE_NAMES,
  equipModelApi,
  MODEL_DEVICE_TYPES,
  type ModelDeviceType,
  modelTypeApi,
} from '@ess/contract';
import { useEndpoint } from '@/lib/api/endpoint-query';
import { useLang } from '@/lib/i18n/use-lang';

/** Device types a model may have, as select options in the interface language. */
export function useDeviceTypeOptions(): { value: ModelDeviceType; label: string }[] {
  const lang = useLang();
  return MODEL_DEVICE_TYPES.map((t) => ({ value: t, label: DEVICE_TYPE_NAMES[t][lang] }));
}

/** Model types (of one device type) as select options. */
export function useModelTypeOptions(deviceType?: ModelDeviceType) {
  const list = useEndpoint(modelTypeApi.modelTypeList, deviceType ? { deviceType } : {});
  return (list.data ?? []).map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }));
}

/** Device models (of one device type) as select options. */
export function useModelOptions(deviceType?: ModelDeviceType, enabled = true) {
  const list = useEndpoint(equipModelApi.equipModelList, enabled ? (deviceType ? { deviceType } : {}) : null);
  return {
    models: list.data ?? [],
    options: (list.data ?? []).map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` })),
  };
}
