// The repository stands on its own: no file points a reader at documents kept outside it (the design notes and the
// specification the project was built from live elsewhere and are not shipped with it). What they said that matters
// is in README.md, docs/ and the service READMEs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'the design notes', pattern: /\bDESIGN\.md\b/ },
  { name: 'the working notes', pattern: /\bNOTES\.md\b/ },
  { name: 'the specification file', pattern: /\bproduct-spec\.md\b/ },
  { name: 'a folder beside the repository', pattern: /\.\.\/shared\/|\/work\/helper-notes\b/ },
];

/** Each line of `text` that points outside the repository, as "line: what". */
function outsideReferences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE_REFERENCES.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${index + 1}: ${name}`),
    );
}

describe('the repository is self-contained', () => {
  it('finds a reference planted in a text (the check can fail)', () => {
    expect(outsideReferences('// Quotas (DESIGN.md §3)\nplain line\nsee ../shared/spec')).toEqual([
      '1: the design notes',
      '3: a folder beside the repository',
    ]);
  });

  it('no tracked file refers to documents outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(500);
    const self = 'scripts/lib/test/unit/repository-self-contained.test.ts';
    const found = files
      .filter((file) => file !== self && /\.(ts|tsx|js|mjs|cjs|md|yaml|yml|json|proto|sh|sql|css)$|^[^.]+$/.test(file))
      .flatMap((file) => {
        let text: string;
        try {
          text = readFileSync(join(repoRoot, file), 'utf8');
        } catch {
          return []; // a tracked file deleted in the working tree
        }
        return outsideReferences(text).map((where) => `${file}:${where}`);
      });
    expect(found).toEqual([]);
  });
});
