import { orgApi } from '@ess/contract';
import { useEndpointMutation } from '@/components/crud';

/** What a post write changes: the list and the post choices of the user form. */
export const POST_WRITE_INVALIDATES = [orgApi.postPage, orgApi.postOptions] as const;

/** Saves a post (the list's enabled switch; the dialog saves through the list page). */
export const useUpdatePost = () => useEndpointMutation(orgApi.postUpdate, { invalidate: POST_WRITE_INVALIDATES });
