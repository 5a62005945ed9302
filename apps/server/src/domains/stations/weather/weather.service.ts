import type { Lang, WeatherInfo } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import type { WeatherProvider } from './weather-provider';

export class WeatherService {
  constructor(
    private readonly db: Db,
    private readonly provider: WeatherProvider,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The navbar weather of a station in the caller's scope; null where the station shows none. */
  async stationWeather(user: SessionUser, stationId: number, lang: Lang): Promise<WeatherInfo | null> {
    const station = await assertStationInScope(this.db, user, stationId);
    if (!station.showWeather) return null;
    return this.provider.forecast(station, this.clock(), lang);
  }
}
