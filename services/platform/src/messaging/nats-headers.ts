import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

export function headersToRecord(hdrs: MsgHdrs | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!hdrs) return record;
  for (const key of hdrs.keys()) record[key] = hdrs.get(key);
  return record;
}

export function recordToHeaders(record: Record<string, string>): MsgHdrs {
  const hdrs = natsHeaders();
  for (const [key, value] of Object.entries(record)) hdrs.set(key, headerValue(value));
  return hdrs;
}

/** NATS header values are one line; error texts are not. */
export function headerValue(value: string, maxLength = 1024): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ').trim();
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine;
}
