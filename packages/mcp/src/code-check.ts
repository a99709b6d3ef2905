/**
 * Code mode's type check: a program is checked against the served endpoints' types (program-types.ts) with
 * the TypeScript compiler before it runs, so a misspelt provider, endpoint, param or result field is
 * answered with its line and the name meant, and nothing is sent.
 *
 * TypeScript is loaded with `import()` on the first check only (a server that never runs a program never
 * reads it), and what does not depend on the program is made once: the standard library's and the
 * declaration's source files are kept, and each check builds its program on the last one (`oldProgram`),
 * so only the program's own file is parsed and checked again.
 *
 * The check is lenient where a model's working JavaScript would otherwise fail: no `strict` (a field the
 * gateway may send as null is typed without `| null`, and `const counts = {}` may be indexed), no DOM or
 * Node globals (a program has none), ES2024's library.
 */
import { didYouMean } from '@pdg/core/face';
import type * as TS from 'typescript';
import { programDeclaration } from './program-types.js';
import type { PdgTool } from './tools.js';

type Typescript = typeof TS;

/** One error of the program, at its own line and column (1-based). */
export interface ProgramTypeError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

const programFile = '/pdg/program.ts';
const declarationFile = '/pdg/pdg.d.ts';
/** Before the program's first line, so that its line N is line N + 1 of the checked file. */
const programHead = 'async function program() {\n';

let typescript: Promise<Typescript> | undefined;
/** The standard library's source files, parsed once for every server in the process. */
const libraryFiles = new Map<string, TS.SourceFile>();
const checkers = new WeakMap<readonly PdgTool[], Promise<Checker>>();

type Checker = (code: string) => ProgramTypeError[];

/**
 * A program that starts with `// @ts-nocheck` asks not to be checked, as a TypeScript file may: the way
 * round a check that is wrong about it (a field the gateway sends that its docs do not name).
 */
const noCheck = /^\s*\/\/\s*@ts-nocheck\b/;

/** The program's type errors against these endpoints' types, first to last; none when it checks. */
export async function checkProgram(endpoints: readonly PdgTool[], code: string): Promise<ProgramTypeError[]> {
  if (noCheck.test(code)) return [];
  let checker = checkers.get(endpoints);
  if (!checker) {
    checker = loadTypescript()
      .then((ts) => makeChecker(ts, endpoints))
      .catch((error: unknown) => {
        // Where TypeScript or its library files cannot be read (a bundle that left them out), programs run
        // unchecked, as they did before the check: said once, on stderr, which a stdio server keeps free.
        process.stderr.write(
          `pdg mcp: code mode runs programs without the type check, as TypeScript could not be loaded: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        return () => [];
      });
    checkers.set(endpoints, checker);
  }
  return (await checker)(code);
}

function loadTypescript(): Promise<Typescript> {
  // A CommonJS package: its API is the module's default export.
  typescript ??= import('typescript').then((loaded) => (loaded as unknown as { default: Typescript }).default);
  return typescript;
}

function makeChecker(ts: Typescript, endpoints: readonly PdgTool[]): Checker {
  const options: TS.CompilerOptions = {
    strict: false,
    noImplicitAny: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2024.d.ts'],
    types: [],
    noEmit: true,
    noResolve: true,
    skipLibCheck: true,
  };
  const declaration = ts.createSourceFile(declarationFile, programDeclaration(endpoints), ts.ScriptTarget.ES2022, true);
  const base = ts.createCompilerHost(options);
  const library = `${base.getDefaultLibLocation?.() ?? ''}/${options.lib?.[0]}`;
  if (!base.fileExists(library)) throw new Error(`its library file ${library} is missing`);
  const providers = new Map<string, string[]>();
  const paged = new Map<string, string[]>();
  for (const tool of endpoints) {
    providers.set(tool.provider, [...(providers.get(tool.provider) ?? []), tool.endpointName]);
    if (tool.endpoint.paging) paged.set(tool.provider, [...(paged.get(tool.provider) ?? []), tool.endpointName]);
  }
  let last: TS.Program | undefined;
  return (code) => {
    const source = ts.createSourceFile(programFile, `${programHead}${code}\n}\n`, ts.ScriptTarget.ES2022, true);
    const host: TS.CompilerHost = {
      ...base,
      getSourceFile(fileName, languageVersion) {
        if (fileName === programFile) return source;
        if (fileName === declarationFile) return declaration;
        let file = libraryFiles.get(fileName);
        if (!file) {
          file = base.getSourceFile(fileName, languageVersion);
          if (file) libraryFiles.set(fileName, file);
        }
        return file;
      },
      fileExists: (fileName) => fileName === programFile || fileName === declarationFile || base.fileExists(fileName),
    };
    const program = ts.createProgram({
      rootNames: [declarationFile, programFile],
      options,
      host,
      ...(last ? { oldProgram: last } : {}),
    });
    last = program;
    const names = nameErrors(ts, source, providers, paged);
    const typeChecker = program.getTypeChecker();
    const syntax = program.getSyntacticDiagnostics(source).map((diagnostic) => ({
      start: diagnostic.start ?? 0,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    }));
    const semantic = program
      .getSemanticDiagnostics(source)
      .filter((diagnostic) => !names.some((name) => overlaps(name, diagnostic)))
      .flatMap((diagnostic) => {
        const message = reported(ts, typeChecker, source, diagnostic, [...providers.keys()]);
        return message === undefined ? [] : [{ start: diagnostic.start ?? 0, message }];
      });
    const errors = [...syntax, ...semantic];
    return [...names, ...errors]
      .sort((a, b) => a.start - b.start)
      .map(({ start, message }) => {
        const at = source.getLineAndCharacterOfPosition(start);
        // The head's line is not the program's; an error there (an unclosed brace) is on its first line.
        return { line: Math.max(at.line, 1), column: at.line === 0 ? 1 : at.character + 1, message };
      });
  };
}

/** `Property 'x' does not exist on type ...`, and the same with `Did you mean 'y'?`. */
const missingProperty = new Set([2339, 2551]);
/**
 * `Cannot find name 'x'` (with `Did you mean 'y'?`, or with advice to install Node's, Bun's, a test runner's or
 * the DOM's types, which a program has none of): a ReferenceError when the line runs.
 */
const missingName = new Set([2304, 2552, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2867, 2868]);

/**
 * The message of a semantic error the check reports, or `undefined` for one it leaves: it reports an error
 * in a call of `pdg` (its names, params and their types, the arguments it takes), a field missing from a
 * type the endpoints' declaration gives (a result, an item, a page, `pdg` itself), and a name that is
 * nowhere. The rest of a program is JavaScript the model wrote for itself (`const counts = {}` then
 * `counts.total = 1`), left to run as it would run.
 */
function reported(
  ts: Typescript,
  checker: TS.TypeChecker,
  source: TS.SourceFile,
  diagnostic: TS.Diagnostic,
  providerIds: readonly string[],
): string | undefined {
  const node = diagnostic.start === undefined ? undefined : nodeAt(ts, source, diagnostic.start);
  if (!node) return undefined;
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (missingName.has(diagnostic.code)) {
    if (!ts.isIdentifier(node)) return undefined;
    const hint = diagnostic.code === 2552 ? message.slice(message.indexOf(' Did you mean')) : '';
    return `Cannot find name '${node.text}': a program has pdg, console and JavaScript's own globals, nothing else.${hint}`;
  }
  for (let at: TS.Node | undefined = node; at; at = at.parent) {
    if (!isPdgCall(ts, at)) continue;
    const [provider, endpoint] = at.arguments;
    const computed = [provider, endpoint].find(
      (arg) => arg !== undefined && arg.getStart(source) === node.getStart(source) && !ts.isStringLiteralLike(arg),
    );
    if (computed === undefined) return message;
    return `${message} The provider and endpoint must be names the program spells out ('${providerIds[0]}', 'browse'), or taken from a list written \`as const\`, so that the check can read them.`;
  }
  if (!missingProperty.has(diagnostic.code)) return undefined;
  const parent = node.parent;
  const holder =
    parent && ts.isPropertyAccessExpression(parent)
      ? parent.expression
      : parent && ts.isBindingElement(parent)
        ? parent.parent
        : undefined;
  if (!holder) return undefined;
  const type = checker.getTypeAtLocation(holder);
  const symbols = [
    type.aliasSymbol,
    type.getSymbol(),
    ...(type.isUnion() ? type.types.map((member) => member.getSymbol()) : []),
  ];
  const declared = symbols.some((symbol) =>
    symbol?.declarations?.some((declaration) => declaration.getSourceFile().fileName === declarationFile),
  );
  if (!declared) return undefined;
  if (message.includes('Did you mean')) return message;
  const fields = checker.getPropertiesOfType(type).map((property) => property.name);
  return `${message}${didYouMean(node.getText(source), fields)}`;
}

/** The innermost node that starts at the position. */
function nodeAt(ts: Typescript, source: TS.SourceFile, position: number): TS.Node | undefined {
  let found: TS.Node | undefined;
  const visit = (node: TS.Node): void => {
    if (node.getStart(source) <= position && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(source, visit);
  return found;
}

/** `pdg.run(...)`, `pdg.items(...)`, `pdg.pages(...)`, `pdg.toArray(...)`. */
function isPdgCall(ts: Typescript, node: TS.Node): node is TS.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'pdg'
  );
}

interface NameError {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/**
 * The provider and endpoint names the program gives `pdg.run`, `pdg.items` and `pdg.pages` as strings that
 * name nothing served, each with core's "did you mean": the compiler would list every name of the union.
 */
function nameErrors(
  ts: Typescript,
  source: TS.SourceFile,
  providers: ReadonlyMap<string, readonly string[]>,
  paged: ReadonlyMap<string, readonly string[]>,
): NameError[] {
  const errors: NameError[] = [];
  const visit = (node: TS.Node): void => {
    if (isPdgCall(ts, node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (['run', 'items', 'pages'].includes(method)) {
        const [providerArg, endpointArg] = node.arguments;
        const provider = providerArg && ts.isStringLiteralLike(providerArg) ? providerArg.text : undefined;
        const endpoint = endpointArg && ts.isStringLiteralLike(endpointArg) ? endpointArg.text : undefined;
        const span = (arg: TS.Node) => ({ start: arg.getStart(source), end: arg.getEnd() });
        if (providerArg && provider !== undefined && !providers.has(provider)) {
          errors.push({
            ...span(providerArg),
            message: `No provider ${JSON.stringify(provider)} is served.${didYouMean(provider, [...providers.keys()])}`,
          });
        } else if (provider !== undefined && endpointArg && endpoint !== undefined) {
          const all = providers.get(provider) ?? [];
          const walkable = paged.get(provider) ?? [];
          if (!all.includes(endpoint)) {
            errors.push({
              ...span(endpointArg),
              message: `${provider} has no endpoint ${JSON.stringify(endpoint)}.${didYouMean(endpoint, all)}`,
            });
          } else if (method !== 'run' && !walkable.includes(endpoint)) {
            errors.push({
              ...span(endpointArg),
              message: `${provider} ${endpoint} is not paged: call it with pdg.run.${walkable.length > 0 ? ` Its paged endpoints: ${walkable.join(', ')}.` : ''}`,
            });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return errors;
}

/** Whether the compiler's diagnostic is about the same call's name (its span meets the name's, or starts in that call). */
function overlaps(name: NameError, diagnostic: TS.Diagnostic): boolean {
  const start = diagnostic.start ?? -1;
  const end = start + (diagnostic.length ?? 0);
  return start < name.end && end > name.start;
}
