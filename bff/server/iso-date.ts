// A protobuf timestamp as the views carry it: ISO 8601 in UTC, '' when unset.
export const iso = (date: Date | undefined): string => (date ? date.toISOString() : '');
