import { type ClientErrorPageBody, logApi, type OperationLogPageBody } from '@ess/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '@/lib/api/endpoint-query';

/** A page of the operation log; the table keeps the previous page while the next loads. */
export const useOperationLog = (q: OperationLogPageBody) =>
  useEndpoint(logApi.operationLogPage, q, { placeholderData: keepPreviousData });

/** A page of the client error log. */
export const useClientErrors = (q: ClientErrorPageBody) =>
  useEndpoint(logApi.clientErrorPage, q, { placeholderData: keepPreviousData });
