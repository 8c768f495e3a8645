import { QueryClientProvider } from '@tanstack/react-query';
import { SettingsProvider } from '../features/settings/settings-provider';
import { queryClient } from '../lib/query-client';
import { AppRouter } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AppRouter />
      </SettingsProvider>
    </QueryClientProvider>
  );
}
