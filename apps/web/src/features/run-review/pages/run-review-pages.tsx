import { ReviewPage } from './review-page';

/** /run-review/charge-discharge-capacity: power and energy, demonstrated vs rated. */
export const CapacityReviewPage = () => (
  <ReviewPage path="/run-review/charge-discharge-capacity" focus={['power', 'energy']} />
);

/** /run-review/efficiency-level: efficiency, storage loss, station power use, utilisation. */
export const EfficiencyReviewPage = () => (
  <ReviewPage
    path="/run-review/efficiency-level"
    focus={['efficiency', 'storageLoss', 'stationPowerUse', 'utilisation']}
  />
);

/** /run-review/device-run-status: availability, outages and dispatch response. */
export const DeviceStatusReviewPage = () => (
  <ReviewPage path="/run-review/device-run-status" focus={['unplannedOutage', 'availability', 'dispatchResponse']} />
);
