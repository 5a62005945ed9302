import { type MessageDraft, messageApi } from '@ess/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/client';
import { refetchEndpoints, useEndpoint } from '@/lib/api/endpoint-query';

/** Users a message can go to (only asked while the form addresses users). */
export const useRecipientUsers = (enabled: boolean) =>
  useEndpoint(messageApi.recipientUsers, {}, { enabled, staleTime: 60_000 });

/** After a change the configuration list and the received lists (own messages) reload. */
export const MESSAGE_WRITE_INVALIDATES = [messageApi.messagePage, messageApi.receivedMessages] as const;

function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all(MESSAGE_WRITE_INVALIDATES.map((e) => refetchEndpoints(qc, [e])));
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
