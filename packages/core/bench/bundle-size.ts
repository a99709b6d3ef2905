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
}

export interface Bundle {
  /** What loads before the first call: the entry chunk and the chunks it imports statically. */
  readonly minified: number;
  readonly gzipped: number;
  /** Minified bytes by input file in what loads before the first call, from esbuild's metafile. */
  readonly inputs: Readonly<Record<string, number>>;
}

/**
 * The entry bundled as an app would ship it: esbuild with code splitting (as Vite, Rollup and webpack do
 * for `import()`), minified, each chunk gzip -9 on its own as a server sends it.
 */
export async function bundleSize(entry: string, options: BundleOptions = {}): Promise<Bundle> {
  const buildOptions = {
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
    splitting: true,
    outdir: '/out',
    metafile: true,
  } satisfies BuildOptions;
  const result = await build(buildOptions);
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
  for (const [name, output] of Object.entries(outputs)) {
    if (!initial.has(name)) continue;
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs))
      inputs[path] = (inputs[path] ?? 0) + bytesInOutput;
  }
  return {
    minified: [...initial].reduce((sum, name) => sum + (files.get(name)?.byteLength ?? 0), 0),
    gzipped: [...initial].reduce((sum, name) => sum + gzipped(name), 0),
    inputs,
  };
}
