// The shape of every gRPC request, read from the TypeScript that ts-proto generated (proto/gen): each message's
// fields with their types (scalars, enums, nested messages, lists, bytes, timestamps), and each method's request
// message. The gRPC fuzzer builds its wrong, limit, unicode, huge and other-tenant values from these, so a field or
// method added to a contract is fuzzed without anyone listing it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type FieldType =
  | { kind: 'string' }
  | { kind: 'number'; scalar: NumberScalar }
  | { kind: 'boolean' }
  | { kind: 'bytes' }
  | { kind: 'timestamp' }
  | { kind: 'enum'; name: string; values: number[] }
  | { kind: 'message'; name: string }
  | { kind: 'list'; of: FieldType }
  | { kind: 'map'; of: FieldType };

/** The protobuf type behind a TypeScript number: what the encoder accepts (int32 refuses 2^31, int64 a fraction). */
export type NumberScalar =
  | 'int32'
  | 'sint32'
  | 'sfixed32'
  | 'uint32'
  | 'fixed32'
  | 'int64'
  | 'sint64'
  | 'sfixed64'
  | 'uint64'
  | 'fixed64'
  | 'double'
  | 'float';

const NUMBER_SCALARS = 'int32|sint32|sfixed32|uint32|fixed32|int64|sint64|sfixed64|uint64|fixed64|double|float';

export interface MessageField {
  name: string;
  type: FieldType;
}

export interface ProtoTypes {
  /** Messages by their key (`<module>#<Name>`, e.g. `ordering/v1/orders#CheckoutRequest`). */
  messages: Map<string, MessageField[]>;
  /** The request message key of every method path (`/kassa.ordering.v1.OrderService/Checkout`). */
  requestOf: Map<string, string>;
  /** The contract's comment on every method, by path. */
  docOf: Map<string, string>;
}

const repoRoot = join(__dirname, '..', '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? tsFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** `<module>`: the file's path under proto/gen without `.ts` (`kassa/ordering/v1/orders`, `google/protobuf/timestamp`). */
const moduleOf = (genDir: string, file: string) => relative(genDir, file).replace(/\.ts$/, '').split('\\').join('/');

interface ParsedFile {
  module: string;
  interfaces: Map<string, ts.InterfaceDeclaration>;
  enums: Map<string, number[]>;
  /** Imported name → the module that declares it. */
  imports: Map<string, string>;
  /** Method path → request type name, from the service definitions' `requestSerialize: (value: X)`. */
  methods: Map<string, string>;
  /** Method path → its comment in the service definition. */
  docs: Map<string, string>;
  /** `Message.field` → the protobuf scalar its encoder writes (`writer.uint32(40).int32(message.ticketLimit)`). */
  scalars: Map<string, NumberScalar>;
}

function parseFile(genDir: string, file: string, source: string): ParsedFile {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const parsed: ParsedFile = {
    module: moduleOf(genDir, file),
    interfaces: new Map(),
    enums: new Map(),
    imports: new Map(),
    methods: new Map(),
    docs: new Map(),
    scalars: new Map(),
  };
  for (const statement of sourceFile.statements) {
    if (ts.isInterfaceDeclaration(statement)) parsed.interfaces.set(statement.name.text, statement);
    else if (ts.isEnumDeclaration(statement)) {
      parsed.enums.set(
        statement.name.text,
        statement.members
          .map((member) =>
            member.initializer && ts.isNumericLiteral(member.initializer)
              ? Number(member.initializer.text)
              : Number.NaN,
          )
          .filter(Number.isFinite),
      );
    } else if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.')
    ) {
      const target = moduleOf(genDir, resolve(dirname(file), `${statement.moduleSpecifier.text}.ts`));
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) parsed.imports.set(element.name.text, target);
    }
  }
  // `path: "/kassa…/Checkout" as const, … requestSerialize: (value: CheckoutRequest)`: the two are in one object literal.
  for (const match of source.matchAll(/path: "(\/[^"]+)" as const,[\s\S]*?requestSerialize: \(value: (\w+)\)/g))
    parsed.methods.set(match[1]!, match[2]!);
  for (const match of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\w+: \{\s*path: "(\/[^"]+)" as const/g)) {
    parsed.docs.set(
      match[2]!,
      match[1]!
        .replace(/^\s*\* ?/gm, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  for (const encoder of source.matchAll(/\n {2}encode\(message: (\w+), writer[^\n]*\n([\s\S]*?)\n {2}\},\n/g)) {
    const [, name, body] = encoder;
    for (const write of body!.matchAll(new RegExp(`\\.(${NUMBER_SCALARS})\\(message\\.(\\w+)\\)`, 'g')))
      parsed.scalars.set(`${name}.${write[2]}`, write[1] as NumberScalar);
    for (const write of body!.matchAll(
      new RegExp(`for \\(const v of message\\.(\\w+)\\) \\{\\s*writer\\.(${NUMBER_SCALARS})\\(v\\)`, 'g'),
    ))
      parsed.scalars.set(`${name}.${write[1]}`, write[2] as NumberScalar);
  }
  return parsed;
}

/** Reads every generated module under proto/gen (the contracts and the well-known types they use). */
export function readProtoTypes(root = repoRoot): ProtoTypes {
  const genDir = join(root, 'proto', 'gen');
  const files = new Map<string, ParsedFile>();
  for (const file of tsFiles(genDir)) {
    const parsed = parseFile(genDir, file, readFileSync(file, 'utf8'));
    files.set(parsed.module, parsed);
  }
  return buildTypes(files);
}

/** The same from sources in memory (module → TypeScript text), for tests. */
export function protoTypesFromSources(sources: Record<string, string>): ProtoTypes {
  const files = new Map<string, ParsedFile>();
  for (const [module, source] of Object.entries(sources)) {
    const parsed = parseFile('/gen', `/gen/${module}.ts`, source);
    files.set(parsed.module, parsed);
  }
  return buildTypes(files);
}

function buildTypes(files: Map<string, ParsedFile>): ProtoTypes {
  const messages = new Map<string, MessageField[]>();
  const requestOf = new Map<string, string>();
  const docOf = new Map<string, string>();

  /** Where a type name used in `file` is declared: the file itself or the module it is imported from. */
  const declaring = (file: ParsedFile, name: string): ParsedFile | undefined =>
    file.interfaces.has(name) || file.enums.has(name) ? file : files.get(file.imports.get(name) ?? '');

  const typeOf = (file: ParsedFile, node: ts.TypeNode, scalar?: NumberScalar): FieldType => {
    if (ts.isUnionTypeNode(node)) {
      // `X | undefined`: the optional message (or timestamp) X.
      const defined = node.types.filter(
        (part) =>
          !(ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.UndefinedKeyword) &&
          part.kind !== ts.SyntaxKind.UndefinedKeyword,
      );
      if (defined.length === 1) return typeOf(file, defined[0]!, scalar);
    }
    if (ts.isArrayTypeNode(node)) return { kind: 'list', of: typeOf(file, node.elementType, scalar) };
    if (ts.isTypeLiteralNode(node)) {
      const index = node.members.find(ts.isIndexSignatureDeclaration);
      if (index?.type) return { kind: 'map', of: typeOf(file, index.type) };
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return { kind: 'string' };
    if (node.kind === ts.SyntaxKind.NumberKeyword) return { kind: 'number', scalar: scalar ?? 'double' };
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return { kind: 'boolean' };
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      if (name === 'Buffer' || name === 'Uint8Array') return { kind: 'bytes' };
      if (name === 'Date') return { kind: 'timestamp' };
      const home = declaring(file, name);
      if (home?.enums.has(name)) return { kind: 'enum', name, values: home.enums.get(name)! };
      if (home?.interfaces.has(name)) {
        const key = `${home.module}#${name}`;
        if (!messages.has(key)) {
          messages.set(key, []);
          messages.set(key, fieldsOf(home, home.interfaces.get(name)!));
        }
        return { kind: 'message', name: key };
      }
    }
    throw new Error(`proto-types: cannot read the type "${node.getText()}" in ${file.module}`);
  };

  const fieldsOf = (file: ParsedFile, declaration: ts.InterfaceDeclaration): MessageField[] =>
    declaration.members.filter(ts.isPropertySignature).map((member) => {
      const name = member.name.getText();
      return { name, type: typeOf(file, member.type!, file.scalars.get(`${declaration.name.text}.${name}`)) };
    });

  for (const file of files.values()) {
    for (const [path, doc] of file.docs) docOf.set(path, doc);
    for (const [path, requestName] of file.methods) {
      const type = typeOf(file, ts.factory.createTypeReferenceNode(requestName));
      if (type.kind !== 'message') throw new Error(`proto-types: the request of ${path} is not a message`);
      requestOf.set(path, type.name);
    }
  }
  return { messages, requestOf, docOf };
}
