'use client';
import { usePathname } from 'next/navigation';

export function CurrentPathNotFound() {
  const pathname = usePathname();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-12" data-testid="not-found">
      <a href="/" className="text-lg font-semibold text-primary">
        Kassa
      </a>
      <p className="text-5xl font-semibold text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold break-all">Page not found: {pathname}</h1>
    </main>
  );
}
