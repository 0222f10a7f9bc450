import type { ReactNode } from 'react';

// The document (<html lang dir>) is rendered by app/[locale]/layout.tsx, which knows the locale; app/not-found.tsx
// and app/global-error.tsx bring their own for the cases no locale layout renders.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
