import { messageApi, POLL_MESSAGES_MS, type ReceivedMessagesBody } from '@ess/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** The spec 7 unread query: broadcasting (createStatus 3) and unread (readStatus 0). */
export const unreadQuery = (userId: number, stationId: number | null, pageSize = 10): ReceivedMessagesBody => ({
  receivingUser: userId,
  ...(stationId === null ? {} : { stationId }),
  createStatus: 3,
  readStatus: 0,
  pageNum: 1,
  pageSize,
});

/** Unread messages of the user at the station, polled every 60 s (spec 7, 9); total is the count. */
export const useUnreadMessages = (userId: number | null, stationId: number | null, enabled: boolean) =>
  useEndpoint(messageApi.receivedMessages, userId === null ? null : unreadQuery(userId, stationId), {
    enabled,
    refetchInterval: POLL_MESSAGES_MS,
    // A poll that fails stays silent; the next one tries again.
    call: { silent: true },
  });

/** A page of the user's received messages. */
export const useReceivedMessages = (q: ReceivedMessagesBody) =>
  useEndpoint(messageApi.receivedMessages, q, { placeholderData: keepPreviousData });

/** Confirms reading; every received list (bell, page) reloads, also after the already-read warning. */
export function useConfirmRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { messageId: number; stationId?: number; receivingUser: number }) =>
      call(messageApi.confirmRead, body),
    onSettled: () => refetchEndpoints(qc, [messageApi.receivedMessages]),
  });
}
