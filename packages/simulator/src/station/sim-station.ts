import type { StationType, TouSegment } from '@ess/contract';

/** A station as the simulator needs it: the platform's station row, or a synthetic one. */
export type SimStation = {
  /** Platform id, when known. */
  id?: number;
  /** Station code: MQTT topic segment and prefix of its devices' serials. */
  code: string;
  type: StationType;
  ratedPowerKw: number;
  capacityKwh: number;
  latitude: number;
  longitude: number;
  /** IANA zone of the TOU clock and the load profile; default Asia/Shanghai. */
  timezone?: string;
  /** The station's TOU cut; default the example cut of domain.md. */
  touSegments?: TouSegment[];
  /** Date of grid connection (YYYY-MM-DD): battery age and counter baselines; default 2023-01-01. */
  commissioned?: string;
  /** Contracted demand (grid import limit), kW; default drawn from the site's load. */
  demandLimitKw?: number;
};
