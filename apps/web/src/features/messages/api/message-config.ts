import { type MessageConfigPageBody, type MessageDraft, messageApi } from '@ess/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { endpointKeyPrefix, useEndpoint } from '@/lib/api/endpoint-query';

/** A page of configured messages. */
export const useMessagePage = (q: MessageConfigPageBody) =>
  useEndpoint(messageApi.messagePage, q, { placeholderData: keepPreviousData });

/** Users a message can go to (only asked while the form addresses users). */
export const useRecipientUsers = (enabled: boolean) =>
  useEndpoint(messageApi.recipientUsers, {}, { enabled, staleTime: 60_000 });

/** After a change the configuration list and the received lists (own messages) reload. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: endpointKeyPrefix(messageApi.messagePage) }),
      qc.invalidateQueries({ queryKey: endpointKeyPrefix(messageApi.receivedMessages) }),
    ]);
}

/** Adds a message, or changes the one named by `messageId`. */
export function useSaveMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ messageId, draft }: { messageId: number | null; draft: MessageDraft }) =>
      messageId === null ? call(messageApi.messageAdd, draft) : call(messageApi.messageModify, { ...draft, messageId }),
    onSuccess: refresh,
  });
}

export function useDeleteMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (messageId: number) => call(messageApi.messageDelete, { messageId }),
    onSuccess: refresh,
  });
}
