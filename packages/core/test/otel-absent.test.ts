/**
 * A client without `telemetry` needs no `@opentelemetry/api`: nothing the main entry (or the cache and
 * rate-limit entries) imports reaches it, so an app without the package installed bundles and runs.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

/** Core's folder, whatever the working directory of the run. */
const coreDir = fileURLToPath(new URL('..', import.meta.url));

it('the entries a client without telemetry loads bundle with @opentelemetry/* impossible to resolve', async () => {
  const refused: string[] = [];
  const result = await build({
    absWorkingDir: coreDir,
    entryPoints: ['src/index.ts', 'src/cache-entry.ts', 'src/rate-limit-entry.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    outdir: 'out',
    // Node built-ins (the Redis store's) stay imports; @opentelemetry is what is missing.
    external: ['node:*', 'redis', '@keyv/redis', 'keyv'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'no-opentelemetry',
        setup(builder) {
          builder.onResolve({ filter: /^@opentelemetry\// }, (args) => {
            refused.push(`${args.path} from ${args.importer}`);
            return { errors: [{ text: `${args.path} is not installed` }] };
          });
        },
      },
    ],
  });
  expect(refused).toEqual([]);
  expect(result.errors).toEqual([]);
  expect(result.outputFiles.map((file) => file.text).join('\n')).not.toContain('@opentelemetry');
});

it('the otel entry is the one that loads it', async () => {
  const refused: string[] = [];
  await build({
    absWorkingDir: coreDir,
    entryPoints: ['src/otel-entry.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    plugins: [
      {
        name: 'no-opentelemetry',
        setup(builder) {
          builder.onResolve({ filter: /^@opentelemetry\// }, (args) => {
            refused.push(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  expect(refused).toEqual(['@opentelemetry/api']);
});
