import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@/lib/constants';
import { applyGlobalSettings, useGlobalSettings } from '@/lib/global-settings';
import { queryClient } from '@/lib/query-client';

/** Keeps the theme colours, title and favicon in step with the global settings. */
function ThemeSync() {
  const { data } = useGlobalSettings();
  useEffect(() => {
    if (data) applyGlobalSettings(data);
  }, [data]);
  return null;
}

/** A tap or click anywhere on a toast dismisses it (as its close button does). */
function dismissToastOnTap(e: MouseEvent<HTMLDivElement>) {
  const toastEl = (e.target as Element).closest('[data-sonner-toast]');
  const close = toastEl?.querySelector<HTMLButtonElement>('[data-close-button]');
  if (close && !close.contains(e.target as Node)) close.click();
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {children}
      <div onClick={dismissToastOnTap}>
        <Toaster position="top-center" duration={TOAST_DURATION_MS} closeButton richColors />
      </div>
    </QueryClientProvider>
  );
}
