import { QueryClient } from '@tanstack/react-query';

/** The one query client of the app; persistence for offline launch arrives with the PWA work. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // The api-client already shows the error; retrying a 400 or a 996 helps nobody.
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});
