// A history entry's recorded properties ({"field": {"from": …, "to": …}}) as rows a person can read: nested
// values (location, translations per locale) become one row per part that changed, unchanged parts are left out.

export type PropertyValue = string | number | boolean | null | PropertyValue[] | { [key: string]: PropertyValue };

export interface PropertyChange {
  /** Dotted path: 'name', 'location.city', 'translations.nl.name'. */
  path: string;
  from: PropertyValue;
  to: PropertyValue;
}

const isRecord = (value: unknown): value is Record<string, PropertyValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: PropertyValue, b: PropertyValue) => JSON.stringify(a) === JSON.stringify(b);

/** Translations are a list of {locale, name, description}; keyed by locale they compare part by part. */
function byLocale(value: PropertyValue): Record<string, PropertyValue> | undefined {
  if (!Array.isArray(value) || !value.every((item) => isRecord(item) && typeof item.locale === 'string'))
    return undefined;
  return Object.fromEntries(
    (value as Record<string, PropertyValue>[]).map(({ locale, ...texts }) => [
      locale as string,
      texts as Record<string, PropertyValue>,
    ]),
  );
}

function asNested(value: PropertyValue): Record<string, PropertyValue> | undefined {
  if (value === null) return {};
  return isRecord(value) ? value : byLocale(value);
}

function flatten(path: string, from: PropertyValue, to: PropertyValue, rows: PropertyChange[]): void {
  const nestedFrom = asNested(from);
  const nestedTo = asNested(to);
  // Two objects (or an object appearing or going): compare part by part.
  if (nestedFrom && nestedTo && (from !== null || to !== null)) {
    const keys = [...new Set([...Object.keys(nestedFrom), ...Object.keys(nestedTo)])];
    for (const key of keys) flatten(`${path}.${key}`, nestedFrom[key] ?? null, nestedTo[key] ?? null, rows);
    return;
  }
  if (!same(from, to)) rows.push({ path, from, to });
}

// The order a person reads an entity in (JSON from the database keeps no order); anything else comes after.
const READING_ORDER = [
  'name',
  'description',
  'startsAt',
  'endsAt',
  'status',
  'ticketLimit',
  'capacity',
  'location',
  'address',
  'postalCode',
  'city',
  'country',
  'translations',
  'en',
  'nl',
];
const rank = (part: string) => {
  const index = READING_ORDER.indexOf(part);
  return index === -1 ? READING_ORDER.length : index;
};

function byReadingOrder(a: PropertyChange, b: PropertyChange): number {
  const left = a.path.split('.');
  const right = b.path.split('.');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = rank(left[i]!) - rank(right[i]!);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The changed parts of a history entry, in reading order; an unreadable JSON says nothing rather than breaking the page. */
export function historyChanges(propertiesJson: string): PropertyChange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(propertiesJson || '{}');
  } catch {
    return [];
  }
  if (!isRecord(parsed)) return [];
  const rows: PropertyChange[] = [];
  for (const [field, change] of Object.entries(parsed)) {
    if (!isRecord(change)) continue;
    flatten(field, change.from ?? null, change.to ?? null, rows);
  }
  // A stable sort: parts of the same rank keep the order they were recorded in.
  return rows.sort(byReadingOrder);
}

/** The label key of a path: 'translations.nl.name' → { field: 'name', locale: 'nl' }, 'location.city' → { field: 'city' }. */
export function fieldOfPath(path: string): { field: string; locale?: string } {
  const parts = path.split('.');
  if (parts[0] === 'translations' && parts.length === 3) return { field: parts[2]!, locale: parts[1] };
  return { field: parts[parts.length - 1]! };
}

/** History actions are snake_case words ('converted_to_draft'); the messages key them in camelCase. */
export function actionKey(action: string): string {
  return action.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}
