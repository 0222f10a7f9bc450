'use client';
import { Printer } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** Opens the browser's print dialog; the page's print styles leave only the ticket on paper. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="outline" onClick={() => window.print()} data-testid="ticket-print" data-print-hide>
      <Printer aria-hidden />
      {label}
    </Button>
  );
}
