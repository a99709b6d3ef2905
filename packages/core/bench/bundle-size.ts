/**
 * The size of an entry bundled by esbuild, minified, gzip -9, in one of two ways (`BundleOptions.split`):
 * - one file (the default): for the browser, ESM, no code splitting, so everything the entry can reach is in
 *   it, `import()`ed modules included; the figure issue 42 and the hand-written baseline are measured by;
 * - split: as an app bundler splits `import()` (Vite, Rollup, webpack), each chunk gzipped on its own as a
 *   server sends it, counting what loads before the first call (the entry and the chunks it imports statically).
 * Used by `pnpm bench` and by the size budgets of size-budget.json (tests/repo).
 */
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type Metafile } from 'esbuild';

export interface BundleOptions {
  /** Module paths to use in place of packages, such as `@pdg/core` -> its sources. */
  readonly alias?: Record<string, string>;
  /** Where bare imports are looked up besides the entry's own node_modules. */
  readonly nodePaths?: string[];
  /** Split `import()`ed modules into chunks and count what loads before the first call. Default: one file. */
  readonly split?: boolean;
}

export interface Bundle {
  /** Minified bytes: the one file, or what loads before the first call. */
  readonly minified: number;
  /** The same gzipped at level 9 (split: each chunk on its own, summed). */
  readonly gzipped: number;
  /** Minified bytes by input file in those bytes, from esbuild's metafile. */
  readonly inputs: Readonly<Record<string, number>>;
}

/** The entry bundled one of the two ways (see above). */
export async function bundleSize(entry: string, options: BundleOptions = {}): Promise<Bundle> {
  const split = options.split === true;
  const buildOptions = {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm' as const,
    // One file as a browser app ships it; split chunks platform-neutral, as before.
    platform: split ? ('neutral' as const) : ('browser' as const),
    write: false as const,
    // tsup's chunks import each other bare; with sideEffects false esbuild drops those imports, and says so.
    logLevel: 'error' as const,
    alias: options.alias,
    nodePaths: options.nodePaths,
    splitting: split,
    outdir: '/out',
    metafile: true,
  } satisfies BuildOptions;
  const result = await build(buildOptions);
  // Chunks by file name: the metafile names them relative to the working directory, the files absolutely.
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const files = new Map(result.outputFiles.map((file) => [base(file.path), file.contents]));
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([name, out]) => [base(name), out]));
  const loaded = split ? loadedFirst(outputs) : new Set(Object.keys(outputs));
  const gzipped = (name: string) => gzipSync(files.get(name) ?? new Uint8Array(), { level: 9 }).byteLength;
  const inputs: Record<string, number> = {};
  for (const name of loaded) {
    for (const [path, { bytesInOutput }] of Object.entries(outputs[name]?.inputs ?? {}))
      inputs[path] = (inputs[path] ?? 0) + bytesInOutput;
  }
  return {
    minified: [...loaded].reduce((sum, name) => sum + (files.get(name)?.byteLength ?? 0), 0),
    gzipped: [...loaded].reduce((sum, name) => sum + gzipped(name), 0),
    inputs,
  };
}

/** The entry chunk and, transitively, the chunks it imports statically; `import()`ed chunks load later, if ever. */
function loadedFirst(outputs: Readonly<Record<string, Metafile['outputs'][string]>>): Set<string> {
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const loaded = new Set<string>();
  const visit = (name: string) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const { path, kind } of outputs[name]?.imports ?? []) if (kind === 'import-statement') visit(base(path));
  };
  visit(Object.keys(outputs).find((name) => outputs[name]?.entryPoint) ?? '');
  return loaded;
}
