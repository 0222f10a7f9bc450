// Pure, so server components and tests can use it without the client-only Avatar.

/** Up to two initials: first and last word of a name ("Jane van Dijk" → "JD"), else the e-mail's first letter. */
export function initialsOf(name: string, fallback = '?'): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  if (words.length === 0) return fallback;
  const first = words[0]!.charAt(0);
  const last = words.length > 1 && !name.includes('@') ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
