'use client';

import { useTheme } from 'next-themes';
import { Toaster as Sonner } from 'sonner';

/** Call from client code: `toast.success('Saved')`, `toast.error(message)`, `toast(message, { action })`. */
export { toast } from 'sonner';

/** Put once in the root layout (inside ThemeProvider); toasts follow the colour mode and are announced politely. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      position="bottom-right"
      closeButton
      richColors
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
