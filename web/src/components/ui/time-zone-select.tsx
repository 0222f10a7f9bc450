import { timeZones } from '@kassa/contracts/time-zones';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

/** A native select of every IANA zone the services accept (the organisation's and an event's time zone). */
export function TimeZoneSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(controlClasses, 'h-10', className)} {...props}>
      {timeZones().map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </select>
  );
}
