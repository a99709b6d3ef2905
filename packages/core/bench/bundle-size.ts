/**
 * The size of an entry bundled as an app ships it: esbuild with code splitting (as Vite, Rollup and webpack
 * do for `import()`), minified, each chunk gzip -9 on its own as a server sends it. Used by `pnpm bench`
 * and by the size budgets of size-budget.json (tests/repo).
 */
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

export interface BundleOptions {
  /** Module paths to use in place of packages, such as `@pdg/core` -> its sources. */
  readonly alias?: Record<string, string>;
  /** Where bare imports are looked up besides the entry's own node_modules. */
  readonly nodePaths?: string[];
  /** Also bundle the entry into one file without splitting (`oneFileGzipped`): a second build. */
  readonly oneFile?: boolean;
}

export interface Bundle {
  /** What loads before the first call: the entry chunk and the chunks it imports statically. */
  readonly minified: number;
  readonly gzipped: number;
  /** Every chunk, the lazily loaded ones (a walk's code, loaded on its first page) included. */
  readonly allGzipped: number;
  /** With `oneFile`: the entry bundled into one file, without code splitting (esbuild's default), gzip -9. */
  readonly oneFileGzipped?: number;
  /** Minified bytes by input file in what loads before the first call, from esbuild's metafile. */
  readonly inputs: Readonly<Record<string, number>>;
  /** The same for the chunks loaded later. */
  readonly lazyInputs: Readonly<Record<string, number>>;
}

/**
 * The entry bundled as an app would ship it: esbuild with code splitting (as Vite, Rollup and webpack do
 * for `import()`), minified, each chunk gzip -9 on its own as a server sends it.
 */
export async function bundleSize(entry: string, options: BundleOptions = {}): Promise<Bundle> {
  const shared = {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'neutral' as const,
    write: false as const,
    // tsup's chunks import each other bare; with sideEffects false esbuild drops those imports, and says so.
    logLevel: 'error' as const,
    alias: options.alias,
    nodePaths: options.nodePaths,
  } satisfies BuildOptions;
  const result = await build({ ...shared, splitting: true, outdir: '/out', metafile: true });
  // Chunks by file name: the metafile names them relative to the working directory, the files absolutely.
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const files = new Map(result.outputFiles.map((file) => [base(file.path), file.contents]));
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([name, out]) => [base(name), out]));
  const entryName = Object.keys(outputs).find((name) => outputs[name]?.entryPoint) ?? '';
  // The entry and, transitively, what it imports statically; `import()`ed chunks load later, if ever.
  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const { path, kind } of outputs[name]?.imports ?? []) if (kind === 'import-statement') visit(base(path));
  };
  visit(entryName);
  const gzipped = (name: string) => gzipSync(files.get(name) ?? new Uint8Array(), { level: 9 }).byteLength;
  const inputs: Record<string, number> = {};
  const lazyInputs: Record<string, number> = {};
  for (const [name, output] of Object.entries(outputs)) {
    const into = initial.has(name) ? inputs : lazyInputs;
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs))
      into[path] = (into[path] ?? 0) + bytesInOutput;
  }
  // Without splitting, an `import()` is inlined and its module wrapped for a lazy start.
  const oneFile = options.oneFile ? await build(shared) : undefined;
  return {
    ...(oneFile && {
      oneFileGzipped: gzipSync(oneFile.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).byteLength,
    }),
    minified: [...initial].reduce((sum, name) => sum + (files.get(name)?.byteLength ?? 0), 0),
    gzipped: [...initial].reduce((sum, name) => sum + gzipped(name), 0),
    allGzipped: [...files.keys()].reduce((sum, name) => sum + gzipped(name), 0),
    inputs,
    lazyInputs,
  };
}
