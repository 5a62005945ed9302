import { modelTypeApi } from '@ess/contract';

/** What a model type write changes besides its list: the model type choices. */
export const MODEL_TYPE_WRITES = [modelTypeApi.modelTypeList] as const;
