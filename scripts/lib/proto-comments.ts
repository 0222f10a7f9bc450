// The leading comment of every field of every proto file under proto/kassa: what the proto-comment tests
// (proto-bounds, proto-vocabularies) hold to the constants behind them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const protoRoot = join(__dirname, '..', '..', 'proto', 'kassa');

export interface ProtoFieldComment {
  /** proto file (under proto/kassa), message and field: "identity/v1/organisations.proto Member.first_name". */
  where: string;
  file: string;
  message: string;
  field: string;
  comment: string;
}

function protoFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? protoFiles(path) : name.endsWith('.proto') ? [path] : [];
  });
}

/** Each field with a leading comment, in file order. */
export function protoFieldComments(): ProtoFieldComment[] {
  const found: ProtoFieldComment[] = [];
  for (const path of protoFiles(protoRoot)) {
    const file = relative(protoRoot, path);
    const messages: string[] = [];
    let comment: string[] = [];
    for (const raw of readFileSync(path, 'utf8').split('\n')) {
      const line = raw.trim();
      const opened = /^message (\w+)/.exec(line);
      if (opened) messages.push(opened[1]!);
      if (line.startsWith('//')) {
        comment.push(line.slice(2).trim());
        continue;
      }
      const field = /^(?:repeated |optional )?[\w.]+ (\w+) = \d+/.exec(line);
      const message = messages[messages.length - 1] ?? '';
      if (field && comment.length > 0)
        found.push({
          where: `${file} ${message}.${field[1]}`,
          file,
          message,
          field: field[1]!,
          comment: comment.join(' '),
        });
      if (line.startsWith('}')) messages.pop();
      comment = [];
    }
  }
  return found;
}
