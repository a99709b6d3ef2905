/**
 * The build of every provider package (`node ../../../config/provider-build.ts` in its folder): tsup with
 * config/tsup.provider.ts, the declarations and the resolved types, as before, in a process shared with the
 * other providers' builds that turbo runs at the same time.
 *
 * Why shared: each provider's declarations take a TypeScript program that parses the TypeScript libraries,
 * valibot's and core's declarations, and type-checks with a compiler not yet warmed up. A build alone took
 * about 4.4 CPU-seconds, most of it that; in a process that has built another provider already, about 1.
 *
 * How: turbo still runs one `build` task per provider, cached on its own. The first of them to find a free slot
 * (one per core, `slots`) becomes its build process: it builds its own package, then the packages that other
 * tasks send it over a local socket, one at a time, and exits once no request has come for `idleMs`. A task
 * that finds every slot taken sends its folder to one, prints what the build printed, and exits as it ended. A task that can reach
 * no build process and cannot become one builds alone, as before. The output is the same file for file:
 * every build runs with its own working directory, and a declaration file outside the package is only reused
 * while its size and time of change stay the same.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long the build process waits for another request once it has none (turbo starts the next task in less). */
const idleMs = 2000;

const configDir = fileURLToPath(new URL('.', import.meta.url));

/** This checkout's build code and Node's version: a build never runs in a process that loaded other code. */
function codeId(): string {
  const hash = createHash('sha256').update(`${configDir}\0${process.version}`);
  for (const name of readdirSync(configDir).sort()) {
    if (name.endsWith('.ts')) hash.update(`\0${name}\0`).update(readFileSync(join(configDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The socket of build process `slot`. */
function socketPath(id: string, slot: number): string {
  const name = `pdg-provider-build-${id}-${slot}`;
  return process.platform === 'win32' ? `\\\\.\\pipe\\${name}` : join(tmpdir(), `${name}.sock`);
}

/** What a build printed, and whether it succeeded. */
interface BuildResult {
  readonly ok: boolean;
  readonly output: string;
}

/**
 * Builds the provider in `dir`, with what it prints collected rather than printed (the task that asked prints
 * it). The config modules import one another as `./x.js`, as tsup's bundler reads them; Node runs them from
 * their `.ts` files.
 */
async function buildProvider(dir: string): Promise<BuildResult> {
  const lines: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const collect = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
  };
  Object.assign(console, { log: collect, info: collect, warn: collect, error: collect });
  try {
    process.chdir(dir);
    const [{ build }, { providerBuild }] = await Promise.all([import('tsup'), loadProviderConfig()]);
    await build({ ...providerBuild(dir), config: false });
    return { ok: true, output: lines.join('\n') };
  } catch (error) {
    lines.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { ok: false, output: lines.join('\n') };
  } finally {
    Object.assign(console, saved);
  }
}

let hooked = false;
function loadProviderConfig(): Promise<typeof import('./tsup.provider.js')> {
  if (!hooked) {
    hooked = true;
    registerHooks({
      resolve(specifier, context, nextResolve) {
        const fromConfig = context.parentURL?.startsWith(new URL('.', import.meta.url).href) ?? false;
        if (fromConfig && specifier.startsWith('./') && specifier.endsWith('.js')) {
          return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
        }
        return nextResolve(specifier, context);
      },
    });
  }
  return import(new URL('./tsup.provider.ts', import.meta.url).href);
}

/** Asks the build process to build `dir`; `undefined` when none answered (none listens, or it closed). */
function requestBuild(path: string, dir: string): Promise<BuildResult | undefined> {
  return new Promise((resolveRequest) => {
    let answer = '';
    const socket = createConnection(path);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ dir })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => resolveRequest(undefined));
    socket.on('close', () => {
      try {
        resolveRequest(JSON.parse(answer) as BuildResult);
      } catch {
        resolveRequest(undefined);
      }
    });
  });
}

/** Listens on `path`; `undefined` when another process already does. A socket left by a stopped one is removed. */
async function listen(path: string, onSocket: (socket: Socket) => void): Promise<Server | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = createServer(onSocket);
    const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolveListen) => {
      server.once('error', resolveListen);
      server.listen(path, () => resolveListen(undefined));
    });
    if (!failure) return server;
    if (failure.code !== 'EADDRINUSE' || process.platform === 'win32') return undefined;
    const alive = await new Promise<boolean>((resolveProbe) => {
      const probe = createConnection(path);
      probe.on('connect', () => {
        probe.destroy();
        resolveProbe(true);
      });
      probe.on('error', () => resolveProbe(false));
    });
    if (alive) return undefined;
    const { rmSync } = await import('node:fs');
    rmSync(path, { force: true });
  }
  return undefined;
}

/**
 * Builds this package, then serves the other tasks' requests one at a time until none comes for `idleMs`;
 * `undefined` when another process became the build process first.
 */
async function serve(path: string, dir: string): Promise<BuildResult | undefined> {
  let queue = Promise.resolve();
  let open = 0;
  let idle: NodeJS.Timeout | undefined;
  let listening: Server | undefined;
  const settle = () => {
    clearTimeout(idle);
    if (open === 0) idle = setTimeout(() => listening?.close(), idleMs);
  };
  const onSocket = (socket: Socket) => {
    open++;
    clearTimeout(idle);
    let request = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.endsWith('\n')) return;
      const { dir: other } = JSON.parse(request) as { dir: string };
      queue = queue.then(async () => {
        socket.end(JSON.stringify(await buildProvider(other)));
      });
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      open--;
      settle();
    });
  };
  const server = await listen(path, onSocket);
  if (!server) return undefined;
  listening = server;
  const own = new Promise<BuildResult>((resolveOwn) => {
    queue = queue.then(async () => resolveOwn(await buildProvider(dir)));
  });
  const result = await own;
  await queue;
  settle();
  await new Promise((resolveClosed) => server.once('close', resolveClosed));
  return result;
}

/** A build process per core at most, so the providers' builds still take every core. */
const slots = Math.max(1, Math.min(availableParallelism(), 4));

/** Becomes a build process on a free slot, or asks one of the others (starting at a slot chosen by the pid). */
async function buildHereOrThere(dir: string): Promise<BuildResult> {
  const id = codeId();
  const paths = Array.from({ length: slots }, (_, slot) => socketPath(id, slot));
  for (let attempt = 0; attempt < 2; attempt++) {
    for (const path of paths) {
      const result = await serve(path, dir);
      if (result) return result;
    }
    for (let offset = 0; offset < slots; offset++) {
      const result = await requestBuild(paths[(process.pid + offset) % slots] as string, dir);
      if (result) return result;
    }
  }
  return buildProvider(dir);
}

const result = await buildHereOrThere(process.cwd());
(result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
process.exitCode = result.ok ? 0 : 1;
