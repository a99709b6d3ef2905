/**
 * The declarations step of every package's build (config/tsup.ts runs it once tsup has written the
 * JavaScript): TypeScript 6 type-checks the package and emits its `.d.ts` files into a temporary folder, then
 * rollup-plugin-dts bundles them into `dist/`, one `<entry>.d.ts` per entry and shared chunks beside them.
 *
 * It writes what tsup's own `dts: true` writes (the same compiler options, the same bundler, the same file
 * names), in well under half the time: tsup hands rollup-plugin-dts the `.ts` sources, and for a package on the
 * root's tsconfig (every provider) the plugin's program also loads every `.d.ts` the tsconfig finds, which is
 * every other package's `dist`. Here one program per package emits its own files once, and the bundler only
 * reads declarations. (The one difference seen: the order of a union's members where that other load changed
 * the order in which the compiler met them, as in `"artist" | "recording"`.) A type error fails the build,
 * naming the file and line, as before.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import ts from 'typescript';

export interface DeclarationsBuild {
  /** tsup's `entry`: an array of source paths, or names to source paths. */
  readonly entry: readonly string[] | Readonly<Record<string, string>>;
  /** The tsconfig to read; the package's own `tsconfig.json` when absent. */
  readonly tsconfig?: string | undefined;
  /** The package's folder (default: the working directory, as tsup runs). */
  readonly dir?: string;
  /** Compiler options over the tsconfig's, for this build's program only. */
  readonly compilerOptions?: ts.CompilerOptions;
  /**
   * A step run once the declarations are in `dist/` (a provider's resolved types), given compiler hosts that
   * reuse the files this build's program parsed.
   */
  readonly afterwards?: (createHost: (options: ts.CompilerOptions) => ts.CompilerHost) => void | Promise<void>;
}

/**
 * Declaration files outside the package (the TypeScript libraries, its dependencies' declarations) as parsed
 * once in this process, with the size and time of change they were read at: the builds in the same process
 * (a provider's declarations and resolved types, and the other packages built by config/package-build.ts)
 * read them without parsing them again, until the file changes (core's `dist`, rebuilt).
 */
const parsedOutside = new Map<string, { readonly file: ts.SourceFile; readonly stamp: string }>();

const stampOf = (fileName: string): string | undefined => {
  const stat = statSync(fileName, { throwIfNoEntry: false });
  return stat && `${stat.size}:${stat.mtimeMs}`;
};

/** Compiler hosts that take declaration files outside the package from `parsedOutside`; the package's own are read fresh, since the build writes them. */
function sharedHosts(dir: string): (options: ts.CompilerOptions) => ts.CompilerHost {
  return (options) => {
    const host = ts.createCompilerHost(options, true);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, version, onError, fresh) => {
      const shared = fileName.endsWith('.d.ts') && relative(dir, fileName).startsWith('..');
      if (!shared || fresh) return read(fileName, version, onError, fresh);
      const how = typeof version === 'object' ? [version.languageVersion, version.impliedNodeFormat] : [version];
      const key = `${how.join(':')}:${fileName}`;
      const stamp = stampOf(fileName);
      const known = parsedOutside.get(key);
      if (known && known.stamp === stamp) return known.file;
      const file = read(fileName, version, onError, fresh);
      if (file && stamp) parsedOutside.set(key, { file, stamp });
      return file;
    };
    return host;
  };
}

/**
 * tsup's names for the entries: each entry's path relative to the entries' lowest common folder, without
 * extension (`src/index.ts` alone → `index`; `src/index.ts` and `src/cache/index.ts` → `index`, `cache/index`).
 */
export function entryNames(entry: DeclarationsBuild['entry']): Record<string, string> {
  if (!Array.isArray(entry)) return { ...(entry as Record<string, string>) };
  const paths = (entry as readonly string[]).map((path) => path.replace(/\\/g, '/'));
  const common = commonFolder(paths.map((path) => posix.dirname(path)));
  return Object.fromEntries(paths.map((path) => [posix.relative(common, path).replace(/\.[a-z]+$/, ''), path]));
}

/** The folder every one of `folders` is in (or is). */
function commonFolder(folders: readonly string[]): string {
  const [first = '', ...rest] = folders;
  let parts = first.split('/');
  for (const folder of rest) {
    const other = folder.split('/');
    let same = 0;
    while (same < parts.length && parts[same] === other[same]) same++;
    parts = parts.slice(0, same);
  }
  return parts.join('/');
}

/** The compiler options tsup gives rollup-plugin-dts, on top of the package's tsconfig. */
function emitOptions(
  config: ts.ParsedCommandLine,
  rootDir: string,
  outDir: string,
  over: ts.CompilerOptions = {},
): ts.CompilerOptions {
  return {
    ...config.options,
    ...over,
    declaration: true,
    noEmit: false,
    emitDeclarationOnly: true,
    noEmitOnError: true,
    checkJs: false,
    declarationMap: false,
    skipLibCheck: true,
    preserveSymlinks: false,
    target: ts.ScriptTarget.ESNext,
    rootDir,
    declarationDir: outDir,
    outDir,
  };
}

function readConfig(path: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    path,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.formatDiagnostic(diagnostic, formatHost));
      },
    },
  );
  if (!config) throw new Error(`declarations: cannot read ${path}`);
  return config;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/**
 * Throws, naming each file and line, when there is an error among `diagnostics`. Only errors fail (as with
 * tsc): `emitSkipped` is also set for inputs that have no declarations of their own, such as a JSON file.
 */
function failOn(diagnostics: readonly ts.Diagnostic[], dir: string): void {
  if (!diagnostics.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)) return;
  const where = relative(process.cwd(), dir) || '.';
  throw new Error(`the declarations of ${where} failed:\n${ts.formatDiagnostics(diagnostics, formatHost)}`);
}

/** The package's production dependencies, which stay imports in the bundled declarations (as tsup keeps them). */
function externals(dir: string): RegExp[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const names = ['dependencies', 'peerDependencies'].flatMap((field) =>
    Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
  );
  const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return names.map((name) => new RegExp(`^${escaped(name)}($|\\/|\\\\)`));
}

/** Type-checks the package and writes its bundled declarations into `dist/`. Throws on a type error. */
export async function buildDeclarations(build: DeclarationsBuild): Promise<void> {
  const dir = resolve(build.dir ?? process.cwd());
  const names = entryNames(build.entry);
  const emitted = mkdtempSync(join(tmpdir(), 'pdg-declarations-'));
  try {
    const config = readConfig(resolve(dir, build.tsconfig ?? 'tsconfig.json'));
    const roots = Object.values(names).map((path) => resolve(dir, path));
    const options = emitOptions(config, dir, emitted, build.compilerOptions);
    // The package's own declaration files (global types, if it has any) come along, as rollup-plugin-dts adds
    // the tsconfig's to each program; not the ones a shared tsconfig finds elsewhere (other packages' dist).
    const own = (file: string) =>
      !relative(dir, file).startsWith('..') && !/^(dist|node_modules)\//.test(relative(dir, file));
    const globals = config.fileNames.filter((file) => file.endsWith('.d.ts') && own(file));
    const hosts = sharedHosts(dir);
    const program = ts.createProgram([...roots, ...globals], options, hosts(options));
    failOn(ts.getPreEmitDiagnostics(program), dir);
    failOn(program.emit(undefined, undefined, undefined, true).diagnostics, dir);
    const input = Object.fromEntries(
      Object.entries(names).map(([name, path]) => [
        name,
        join(emitted, relative(dir, resolve(dir, path))).replace(/\.(m|c)?tsx?$/, '.d.ts'),
      ]),
    );
    const bundle = await rollup({
      input,
      plugins: [dts()],
      external: externals(dir),
      onwarn(warning, warn) {
        if (['UNRESOLVED_IMPORT', 'CIRCULAR_DEPENDENCY', 'EMPTY_BUNDLE'].includes(warning.code ?? '')) return;
        warn(warning);
      },
    });
    await bundle.write({
      dir: join(dir, 'dist'),
      format: 'esm',
      exports: 'named',
      entryFileNames: '[name].d.ts',
      // A chunk is named after its first module, here `contract.d.ts`: `contract-<hash>.d.ts`, as tsup names it.
      chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash].d.ts`,
    });
    await bundle.close();
    await build.afterwards?.(hosts);
  } finally {
    rmSync(emitted, { recursive: true, force: true });
  }
}
