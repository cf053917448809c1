import { TOAST_DEFAULTS } from '@lyceum/shared/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../lib/auth';
import { LocaleSync } from '../lib/i18n/locale-sync';
import { createQueryClient } from '../lib/query-client';

export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST_DEFAULTS.blankMs,
        success: { duration: TOAST_DEFAULTS.successMs },
        error: { duration: TOAST_DEFAULTS.errorMs },
        custom: { duration: TOAST_DEFAULTS.customMs },
        className: 'text-sm',
      }}
    />
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <LocaleSync />
        {children}
        <AppToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
