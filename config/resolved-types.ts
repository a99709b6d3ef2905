/**
 * The last step of a provider's build (config/tsup.provider.ts runs it once the declarations are written;
 * `node config/resolved-types.ts` in a provider's folder runs it alone): writes each
 * endpoint's params and result types out in full into `dist/index.d.ts`, next to its valibot schemas.
 *
 * Why: a consumer's compiler would otherwise infer them from the schemas' declared types, through
 * valibot's generic inference, for every endpoint it calls (about 1,000 type instantiations each; most of
 * a consumer's type-check when it calls many endpoints). Written out, they are read, not inferred.
 * What a caller sees does not change: the types are the ones `ParamsOf` and `ResultOf` infer from the
 * schemas (computed here by the compiler from the built declarations), with each field's doc comment.
 * `pnpm test` checks, per endpoint of every provider, that the two are the same type.
 *
 * Each `readonly <endpoint>: typeof <module>;` of the provider's declared type becomes
 * `typeof <module> & _pdg_core_provider.Resolved<Params, Result>`, which `ParamsOf` and `ResultOf` read first
 * (`_pdg_core_provider` is the declarations' name for `@pdg/core/provider`, the entry providers import).
 * An endpoint whose types cannot be written out (a recursive type) keeps being inferred.
 *
 * The provider's declared type also gets a name the package exports: `declare const jobboard:
 * JobboardProvider`, where `interface JobboardProvider extends _pdg_core_provider.ProviderDefinition<...>`. Without
 * one, a consumer that exports a client (`export const pdg = createClient({ providers: [jobboard] })`)
 * under `declaration: true` fails with TS4023: its declaration would have to spell out the provider's type,
 * which refers to the package's endpoint modules by names the package does not export. With one, it reads
 * `PdgClient<readonly [import("@pdg/jobs-jobboard").JobboardProvider]>`.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const providerBlock =
  /^declare const (\w+): (_pdg_core_provider\.ProviderDefinition<"[^"]+", _pdg_core_provider\.WithPaths<\{\n([\s\S]*?)\n\}>>);$/m;
const exportList = /^export \{ (.+) \};$/m;
const endpointLine = /^ {4}readonly ([\w'-]+): typeof ([\w$]+);$/;

/** What the provider's declared type says: its export name, the type, its body, and each endpoint's line. */
interface Declared {
  readonly whole: string;
  readonly exportName: string;
  readonly declaredType: string;
  readonly body: string;
  readonly endpoints: readonly { readonly key: string; readonly module: string }[];
}

/** An endpoint's name as the probe indexes it: `'fresh-grad-jobs'` → `fresh-grad-jobs`. */
const name = (key: string) => key.replace(/^'|'$/g, '');

/**
 * Writes the resolved types into `<dir>/dist/index.d.ts`; throws saying what it did not find. `createHost`
 * lets the build hand in a compiler host that has already read what this program reads too (the TypeScript
 * libraries, valibot's and core's declarations), so those are parsed once per build.
 */
export function writeResolvedTypes(
  dir: string,
  createHost: (options: ts.CompilerOptions) => ts.CompilerHost = (options) => ts.createCompilerHost(options),
): void {
  const declarations = join(dir, 'dist', 'index.d.ts');
  const text = readFileSync(declarations, 'utf8');
  if (text.includes('_pdg_core_provider.Resolved<')) return; // already written (a build without `clean`)
  const declared = declaredProvider(text, dir);
  const { whole, exportName, declaredType, body } = declared;
  /** `jobboard` → `JobboardProvider`, `cryptoPrice` → `CryptoPriceProvider`. */
  const typeName = `${exportName.charAt(0).toUpperCase()}${exportName.slice(1)}Provider`;
  const resolved = resolvedEndpoints(dir, declared, createHost);
  const named = [
    `/** The type of \`${exportName}\`, by a name the package exports. */`,
    `interface ${typeName} extends ${declaredType.replace(body, () => resolved.join('\n'))} {\n}`,
    `declare const ${exportName}: ${typeName};`,
  ].join('\n');
  // Replaced by function, so a `$` in a doc comment is not read as a replacement pattern.
  writeFileSync(
    declarations,
    text
      .replace(whole, () => named)
      .replace(exportList, (_, names: string) => `export { type ${typeName}, ${names} };`),
  );
}

function declaredProvider(text: string, dir: string): Declared {
  const fail = (message: string): never => {
    throw new Error(`resolved-types (${dir}): ${message}`);
  };
  const block = providerBlock.exec(text);
  if (!block)
    return fail('no `declare const <provider>: _pdg_core_provider.ProviderDefinition<...>` block in dist/index.d.ts');
  const [whole, exportName, declaredType, body] = block as unknown as [string, string, string, string];
  if (!exportList.test(text)) fail('no `export { ... };` line in dist/index.d.ts');
  const endpoints = body.split('\n').map((line) => {
    const match = endpointLine.exec(line);
    if (!match) return fail(`an endpoint line of ${exportName} is not \`readonly <name>: typeof <module>;\`: ${line}`);
    return { key: match[1] as string, module: match[2] as string };
  });
  return { whole, exportName, declaredType, body, endpoints };
}

/** Each endpoint's line with its params and result written out, as the compiler infers them from the declarations. */
function resolvedEndpoints(
  dir: string,
  { exportName, endpoints }: Declared,
  createHost: (options: ts.CompilerOptions) => ts.CompilerHost,
): string[] {
  // A probe module beside the declarations, so the compiler resolves `@pdg/core` as the package does.
  const probe = join(dir, 'dist', '.resolved-types-probe.ts');
  writeFileSync(
    probe,
    [
      "import type { ParamsOf, ResultOf } from '@pdg/core';",
      `import type { ${exportName} } from './index.js';`,
      `type E = (typeof ${exportName})['endpoints'];`,
      ...endpoints.flatMap(({ key }, index) => [
        `export type P${index} = ParamsOf<E['${name(key)}']>;`,
        `export type R${index} = ResultOf<E['${name(key)}']>;`,
      ]),
      '',
    ].join('\n'),
  );
  try {
    const options: ts.CompilerOptions = {
      // The target only decides how files are parsed (the same as the declarations' build, so its parsed files
      // can be reused); the library is ES2023's, with the DOM, as the target ES2023 would choose.
      target: ts.ScriptTarget.ESNext,
      lib: ['lib.es2023.full.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      exactOptionalPropertyTypes: false,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    };
    const program = ts.createProgram([probe], options, createHost(options));
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(probe);
    const errors = ts.getPreEmitDiagnostics(program, source);
    if (errors.length > 0)
      throw new Error(`resolved-types (${dir}): ${ts.formatDiagnostics(errors, ts.createCompilerHost({}))}`);
    const aliases = new Map<string, ts.Type>();
    for (const statement of source?.statements ?? []) {
      if (ts.isTypeAliasDeclaration(statement))
        aliases.set(statement.name.text, checker.getTypeAtLocation(statement.name));
    }
    const printer = typePrinter(checker);
    return endpoints.map(({ key, module }, index) => {
      const params = printer(aliases.get(`P${index}`) as ts.Type, '    ');
      const result = printer(aliases.get(`R${index}`) as ts.Type, '    ');
      if (params === undefined || result === undefined) {
        console.warn(`resolved-types: ${exportName} ${name(key)} refers to itself, so its types stay inferred`);
        return `    readonly ${key}: typeof ${module};`;
      }
      return `    readonly ${key}: typeof ${module} & _pdg_core_provider.Resolved<${params}, ${result}>;`;
    });
  } finally {
    rmSync(probe, { force: true });
  }
}

// Run alone: `node ../../../config/resolved-types.ts` in a provider's folder, after its declarations.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    writeResolvedTypes(process.cwd());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * Prints a type in full: object types as literals (each property's doc comment kept), arrays, unions and
 * intersections member by member, everything else as the compiler writes it. `undefined` when the type
 * refers to itself, so cannot be written out.
 */
function typePrinter(checker: ts.TypeChecker): (type: ts.Type, indent: string) => string | undefined {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  class Recursive extends Error {}
  const print = (type: ts.Type, indent: string, path: Set<ts.Type>): string => {
    if (path.has(type)) throw new Recursive();
    if (type.isUnion()) {
      const members = type.types;
      const hasTrue = members.some((member) => isBooleanLiteral(member, 'true'));
      const hasFalse = members.some((member) => isBooleanLiteral(member, 'false'));
      const parts: string[] = [];
      // `string | undefined`, as editors write it: null and undefined last.
      const last = (member: ts.Type) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null) ? 1 : 0);
      for (const member of [...members].sort((a, b) => last(a) - last(b))) {
        if (hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral) {
          if (!parts.includes('boolean')) parts.push('boolean');
        } else parts.push(operand(member, indent, path));
      }
      return parts.join(' | ');
    }
    if (type.isIntersection()) {
      // Object types member by member (a loose object's fields & its index signature), as inferred, so the
      // written type is the same type, not only an equivalent one; others (`string & {}`) as written.
      if (!type.types.every((member) => member.flags & ts.TypeFlags.Object)) {
        return checker.typeToString(type, undefined, flags);
      }
      return type.types.map((member) => operand(member, indent, path)).join(' & ');
    }
    if (!(type.flags & ts.TypeFlags.Object)) return checker.typeToString(type, undefined, flags);
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      const item = element as ts.Type;
      const text = print(item, indent, new Set([...path, type]));
      // `(A | B)[]`, `(A & B)[]`, `(() => A)[]`, `(readonly A[])[]`: an element written with an operator.
      const bare = !item.isUnion() && !item.isIntersection() && !callable(item) && !text.startsWith('readonly ');
      const inner = bare ? text : `(${text})`;
      return `${isReadonlyArray(type) ? 'readonly ' : ''}${inner}[]`;
    }
    // Tuples, functions, and named interfaces and classes (a `Date`, a `Map`) are written as the compiler does.
    const named = ts.ObjectFlags.Interface | ts.ObjectFlags.Class | ts.ObjectFlags.Reference;
    if ((type as ts.ObjectType).objectFlags & named || callable(type)) {
      return checker.typeToString(type, undefined, flags);
    }
    const inside = new Set([...path, type]);
    const next = `${indent}    `;
    const members: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = isReadonly(property) ? 'readonly ' : '';
      const propertyType = checker.getTypeOfSymbol(property);
      if (doc !== '') members.push(`${next}/** ${doc.replaceAll('*/', '*\\/').replaceAll('\n', `\n${next} * `)} */`);
      members.push(
        `${next}${readonly}${propertyName(property.name)}${optional}: ${print(propertyType, next, inside)};`,
      );
    }
    for (const info of checker.getIndexInfosOfType(type)) {
      const key = checker.typeToString(info.keyType, undefined, flags);
      members.push(`${next}${info.isReadonly ? 'readonly ' : ''}[key: ${key}]: ${print(info.type, next, inside)};`);
    }
    return members.length === 0 ? '{}' : `{\n${members.join('\n')}\n${indent}}`;
  };
  const callable = (type: ts.Type) => type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0;
  /** A union's or intersection's member: a function type in parentheses. */
  const operand = (type: ts.Type, indent: string, path: Set<ts.Type>) =>
    callable(type) ? `(${print(type, indent, path)})` : print(type, indent, path);
  const isBooleanLiteral = (type: ts.Type, value: 'true' | 'false') =>
    (type.flags & ts.TypeFlags.BooleanLiteral) !== 0 && checker.typeToString(type) === value;
  const isReadonlyArray = (type: ts.Type) => type.getSymbol()?.name === 'ReadonlyArray';
  const isReadonly = (property: ts.Symbol) => {
    // A mapped type's property (valibot's inference) carries readonly in its check flags; a declared one
    // in its modifiers.
    if (property.flags & ts.SymbolFlags.Transient) {
      const checkFlags = (ts as unknown as { getCheckFlags(symbol: ts.Symbol): number }).getCheckFlags(property);
      return (checkFlags & 8) !== 0; // CheckFlags.Readonly
    }
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    return declaration !== undefined && (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) !== 0;
  };
  return (type, indent) => {
    try {
      return print(type, indent, new Set());
    } catch (error) {
      if (error instanceof Recursive) return undefined;
      throw error;
    }
  };
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}
