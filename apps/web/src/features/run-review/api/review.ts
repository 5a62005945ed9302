import { type ReviewBody, type ReviewRankingBody, reviewApi } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** A station's nine run-review indicators for a range (null: no station chosen yet). */
export const useReviewScore = (body: ReviewBody | null) =>
  useEndpoint(reviewApi.reviewScore, body, { staleTime: 60_000, placeholderData: keepPreviousData });

/** Every station in scope ranked by its total over the same range. */
export const useReviewRanking = (body: ReviewRankingBody) =>
  useEndpoint(reviewApi.reviewRanking, body, { staleTime: 60_000, placeholderData: keepPreviousData });
