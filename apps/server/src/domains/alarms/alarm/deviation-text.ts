import type { Lang } from '@ess/contract';
import { translate } from '../../../i18n/messages';

const kw = (v: number | null) => (v === null ? '' : v.toFixed(1));

/** A dispatch deviation event's text: the station, its actual and its planned power (kW) when raised. */
export const deviationText = (lang: Lang, station: string, actualKw: number | null, plannedKw: number | null) =>
  translate(lang, 'planDispatchDeviation', { station, value: kw(actualKw), limit: kw(plannedKw) });
