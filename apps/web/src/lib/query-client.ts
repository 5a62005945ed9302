import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The client already showed the failure; retry only transport failures, once.
      retry: (count, err) => count < 1 && err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout'),
    },
    mutations: { retry: false },
  },
});
