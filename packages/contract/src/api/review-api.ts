import { REVIEW_PERMS, reviewBody, reviewExportBody, reviewRanking, reviewRankingBody, reviewResult } from '../review';

const read = [REVIEW_PERMS.capacity, REVIEW_PERMS.efficiency, REVIEW_PERMS.deviceStatus];

import { endpointGroup, FILE } from './endpoint';

/** Run reviews (/run-review/*): the nine weighted indicators of spec 9 for a station and range. */
export const reviewApi = /*#__PURE__*/ endpointGroup('review', {
  reviewScore: {
    method: 'POST',
    path: '/review/score',
    body: reviewBody,
    response: reviewResult,
    access: { perms: read, station: 'stationId' },
    summary: 'A station’s nine run-review indicators (value, unit, 0–100 score, weight) and their weighted total',
  },
  reviewRanking: {
    method: 'POST',
    path: '/review/ranking',
    body: reviewRankingBody,
    response: reviewRanking,
    access: { perms: read },
    summary: 'Every station in the caller’s scope ranked by its run-review total over a range',
  },
  reviewExport: {
    method: 'POST',
    path: '/review/export',
    body: reviewExportBody,
    response: FILE,
    access: { perms: read },
    summary:
      'The ranking of a range as CSV or Excel: each station’s total and nine indicators (value, score), with the weights and ranges',
  },
});
