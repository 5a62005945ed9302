import { serverPackage } from '../../../server-root';

/**
 * What the platform is running, for the interface: its version and the stations the built-in
 * simulator feeds (set by main.ts when it starts the simulator, cleared if that fails).
 */
export class PlatformState {
  readonly version = serverPackage.version;
  private simulated: number[] = [];

  get simulatedStationIds(): number[] {
    return this.simulated;
  }

  setSimulated(stationIds: readonly number[]): void {
    this.simulated = [...stationIds].sort((a, b) => a - b);
  }
}
