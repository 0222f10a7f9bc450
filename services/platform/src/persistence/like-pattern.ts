/** An ILIKE pattern that finds `query` anywhere, its own %, _ and backslash taken literally. */
export const likePattern = (query: string): string => `%${query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
