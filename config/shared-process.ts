/**
 * One process for the same step of many packages, while turbo still runs (and caches) one task per package:
 * the package builds (config/package-build.ts) and the package checks (scripts/check-package.mjs). Most of
 * such a step's time went to starting: loading TypeScript, parsing its libraries, a compiler not yet warmed up.
 *
 * The first task to find a free slot (one per core, so the step still takes every core) becomes its process:
 * it does its own package, then the packages other tasks send it over a local socket, one at a time, and exits
 * once no request has come for `idleMs`. A task that finds every slot taken sends its folder to the process with
 * the fewest packages waiting, prints what the step printed there, and exits as the step ended. A task that can
 * reach no process and cannot become one does its step alone. Each step works in its own package's folder, so
 * its output is the same wherever it ran.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a package's step printed, and whether it succeeded. */
export interface StepResult {
  readonly ok: boolean;
  readonly output: string;
}

/** A process per core at most, so the packages' steps still take every core. */
const slots = Math.max(1, Math.min(availableParallelism(), 4));

/**
 * The socket of `step`'s process `slot`, named after the code that step runs (`codeFiles`, and Node's version):
 * a package's step never runs in a process that loaded other code.
 */
function socketPath(step: string, codeFiles: readonly string[], slot: number): string {
  const hash = createHash('sha256').update(`${step}\0${process.version}`);
  for (const file of codeFiles) hash.update(`\0${file}\0`).update(readFileSync(file));
  const name = `pdg-${step}-${hash.digest('hex').slice(0, 16)}-${slot}`;
  return process.platform === 'win32' ? `\\\\.\\pipe\\${name}` : join(tmpdir(), `${name}.sock`);
}

/** A connection to a shared process, which says first how many packages it has waiting. */
interface Connection {
  readonly pending: number;
  /** Sends `dir` and waits for the step's result; `undefined` when the process closed first. */
  readonly ask: (dir: string) => Promise<StepResult | undefined>;
  readonly close: () => void;
}

/** Connects to the process on `path`; `undefined` when none answers. */
function connect(path: string): Promise<Connection | undefined> {
  return new Promise((resolveConnection) => {
    let received = '';
    let onAnswer: (result: StepResult | undefined) => void = () => {};
    const socket = createConnection(path);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const newline = received.indexOf('\n');
      if (newline < 0) return;
      resolveConnection({
        pending: Number(received.slice(0, newline)),
        ask: (dir) =>
          new Promise((resolveAnswer) => {
            onAnswer = resolveAnswer;
            socket.write(`${JSON.stringify({ dir })}\n`);
          }),
        close: () => socket.destroy(),
      });
    });
    socket.on('error', () => {
      resolveConnection(undefined);
      onAnswer(undefined);
    });
    socket.on('close', () => {
      resolveConnection(undefined);
      try {
        onAnswer(JSON.parse(received.slice(received.indexOf('\n') + 1)) as StepResult);
      } catch {
        onAnswer(undefined);
      }
    });
  });
}

/** Whether a process answers on `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolveProbe) => {
    const probe = createConnection(path);
    probe.on('connect', () => {
      probe.destroy();
      resolveProbe(true);
    });
    probe.on('error', () => resolveProbe(false));
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
    if (failure.code !== 'EADDRINUSE' || process.platform === 'win32' || (await answers(path))) return undefined;
    rmSync(path, { force: true });
  }
  return undefined;
}

/**
 * Does the step for `dir`, then for the folders other tasks send, one at a time, until none comes for `idleMs`;
 * `undefined` when another process listens on `path` already.
 */
async function serve(
  name: string,
  path: string,
  dir: string,
  step: (dir: string) => Promise<StepResult>,
  idleMs: number,
) {
  let queue = Promise.resolve();
  let pending = 0;
  let open = 0;
  let idle: NodeJS.Timeout | undefined;
  let listening: Server | undefined;
  const settle = () => {
    clearTimeout(idle);
    if (open === 0 && pending === 0) idle = setTimeout(() => listening?.close(), idleMs);
  };
  const enqueue = (folder: string) => {
    pending++;
    const done = queue
      .then(() => step(folder))
      .catch((error: unknown): StepResult => ({ ok: false, output: `${name}: ${String(error)}` }));
    queue = done.then(() => {
      pending--;
    });
    return done;
  };
  const server = await listen(path, (socket) => {
    open++;
    clearTimeout(idle);
    socket.write(`${pending}\n`);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!received.endsWith('\n')) return;
      const { dir: other } = JSON.parse(received) as { dir: string };
      void enqueue(other).then((result) => socket.end(JSON.stringify(result)));
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      open--;
      settle();
    });
  });
  if (!server) return undefined;
  listening = server;
  const result = await enqueue(dir);
  await queue;
  settle();
  await new Promise((resolveClosed) => server.once('close', resolveClosed));
  return result;
}

/**
 * Runs `step` for the package in `dir` in a process shared with the other tasks of the same step (named
 * `name`, running the code in `codeFiles`); prints what it printed and sets the exit code. A process waits
 * `idleMs` for another request before it ends, and so does the task that started it: short for a step that
 * other tasks wait for (a build), longer for one that none waits for (a check).
 */
export async function runShared(
  name: string,
  codeFiles: readonly string[],
  dir: string,
  step: (dir: string) => Promise<StepResult>,
  idleMs: number,
): Promise<void> {
  const paths = Array.from({ length: slots }, (_, slot) => socketPath(name, codeFiles, slot));
  const result = await (async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const connections: Connection[] = [];
      for (const path of paths) {
        const connection = await connect(path);
        if (connection) {
          connections.push(connection);
          continue;
        }
        for (const open of connections) open.close();
        connections.length = 0;
        const served = await serve(name, path, dir, step, idleMs);
        if (served) return served;
      }
      const [fewest, ...others] = connections.sort((a, b) => a.pending - b.pending);
      for (const other of others) other.close();
      const answered = await fewest?.ask(dir);
      if (answered) return answered;
    }
    return step(dir);
  })();
  if (result.output !== '') (result.ok ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.ok ? 0 : 1;
}
