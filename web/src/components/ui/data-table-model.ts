// Pure parts of DataTable: how the search box matches a cell, and page arithmetic.

/** Lower case, accents removed ("Café" matches "cafe"), spaces collapsed. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a cell value matches what was typed: every word of the query appears in it. */
export function matchesSearch(value: unknown, query: string): boolean {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  if (value === null || value === undefined) return false;
  const text = normalizeForSearch(value instanceof Date ? value.toISOString() : String(value));
  return words.every((word) => text.includes(word));
}

export const DEFAULT_PAGE_SIZES = [10, 25, 50] as const;

/** At least one page, so "Page 1 of 1" shows for an empty result. */
export function pageCountOf(rowCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rowCount / Math.max(1, pageSize)));
}

/** A page index that exists after the row count or page size changed. */
export function clampPageIndex(pageIndex: number, rowCount: number, pageSize: number): number {
  return Math.min(Math.max(0, pageIndex), pageCountOf(rowCount, pageSize) - 1);
}
