import { QueryClient } from '@tanstack/react-query';

/** One client for the app. Library defaults otherwise (3 retries with capped backoff, 5-minute cache). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
  },
});
