import { timeZones } from '@kassa/contracts/time-zones';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

/**
 * A native select of every IANA zone the services accept (the organisation's and an event's time zone). A zone set
 * under another accepted name (Asia/Kolkata, where this browser lists Asia/Calcutta) is offered as it is, so saving
 * the form never changes it unasked.
 */
export function TimeZoneSelect({ className, value, ...props }: ComponentProps<'select'>) {
  const zones = timeZones();
  const current = typeof value === 'string' ? value : '';
  const options = current && !zones.includes(current) ? [current, ...zones] : zones;
  return (
    <select className={cn(controlClasses, 'h-10', className)} value={value} {...props}>
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </select>
  );
}
