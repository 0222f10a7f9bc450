// Which files of the repository reach an image's build context: .dockerignore's rules as Docker applies them
// (paths relative to the context, `*` within one segment, `**` across segments, `!` re-includes, the last matching
// rule wins, and a rule that matches a folder excludes everything in it). Pure.

export interface IgnoreRule {
  pattern: RegExp;
  include: boolean;
}

function toRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const glob = (include ? line.slice(1) : line).trim().replace(/^\/+/, '').replace(/\/+$/, '');
      return { pattern: toRegExp(glob), include };
    });
}

/** Whether `path` (relative to the context, with `/`) stays out of the build context. */
export function isIgnored(path: string, rules: readonly IgnoreRule[]): boolean {
  const segments = path.split('/');
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = !rule.include;
  }
  return ignored;
}
