import { messages } from '@shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, use } from 'react';
import { LoadingState } from '../components/loading-state';
import { queryClient } from '../lib/query-client';
import { SettingsProvider } from '../lib/settings/settings-provider';
import { AppRouter } from './router';

/** Keeps the start-up screen until the first page has arrived: the layout never shows half-empty. */
function FirstPageGate({ ready, children }: { ready: Promise<unknown>; children: ReactNode }) {
  use(ready);
  return children;
}

/** `firstPage`: the download of the page first opened, started before this renders; it never rejects. */
export function App({ firstPage }: { firstPage: Promise<unknown> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <Suspense fallback={<LoadingState fullPage message={messages.app.initializing} />}>
          <FirstPageGate ready={firstPage}>
            <AppRouter />
          </FirstPageGate>
        </Suspense>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
