/**
 * A TypeScript user's project, in a temporary folder outside the repository: the package.json and
 * tsconfig.json given, and a node_modules holding every published package of the workspace (built) and
 * the few libraries the READMEs' examples import, each linked to where it lives here. The compiler and
 * Node read them as they would after `npm install`: through each package's `exports`, from `dist`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { tsc7 } from '../../../scripts/typecheck.mjs';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { workspacePackages } from '../../../scripts/workspace.mjs';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
const here = fileURLToPath(new URL('..', import.meta.url));

/** Libraries the examples import besides the @pdg packages, and the Node types a project adds. */
const libraries = [
  '@duckdb/node-api',
  '@keyv/redis',
  '@types/node',
  'bullmq',
  'bullmq-otel',
  'keyv',
  'nock',
  'redis',
  'valibot',
  'vitest',
];

/**
 * The compiler options of an ES-module project on Node, strict: what the fixtures are compiled with (the
 * READMEs' blocks take the root README's own tsconfig.json).
 */
export const nodeModuleOptions = {
  module: 'nodenext',
  target: 'es2023',
  strict: true,
  skipLibCheck: true,
  types: ['node'],
} as const;

/** A file of `tests/consumer/fixtures`. */
export function readFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

export interface Diagnostic {
  /** The file, relative to the project; '' for one about the whole program. */
  readonly file: string;
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

export interface ProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ConsumerProject {
  readonly dir: string;
  /** Writes a file of the project (folders made as needed). */
  write(path: string, text: string): void;
  /**
   * Compiles the files with the project's tsconfig (`compilerOptions` overriding it), writing what the
   * options say (`outDir`, `declaration`) unless `noEmit`; returns every diagnostic, libraries' included.
   * The compiler is TypeScript 7's `tsc` (what `npm install -D typescript` installs since 7.0), run once
   * for all the files: a native process, several times quicker than a TypeScript 6 program built here.
   */
  compile(files: readonly string[], compilerOptions?: Readonly<Record<string, unknown>>): Promise<Diagnostic[]>;
  /** Runs a command in the project folder, its stdin empty (closed at once), as in a pipeline fed nothing. */
  run(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessResult>;
  remove(): void;
}

interface WorkspacePackage {
  readonly name: string;
  readonly path: string;
  readonly manifest: { readonly private?: boolean };
}

/** The workspace's published packages, by name. */
export function publishedPackages(): WorkspacePackage[] {
  return (workspacePackages() as WorkspacePackage[]).filter((pkg) => !pkg.manifest.private);
}

export function consumerProject(options: {
  readonly packageJson: Readonly<Record<string, unknown>>;
  readonly tsconfig: { readonly compilerOptions: Readonly<Record<string, unknown>> };
}): ConsumerProject {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'pdg-consumer-')));
  const link = (name: string, target: string) => {
    const at = join(dir, 'node_modules', name);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at, 'dir');
  };
  for (const pkg of publishedPackages()) link(pkg.name, pkg.path);
  for (const name of libraries) link(name, realpathSync(join(here, 'node_modules', name)));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('package.json', `${JSON.stringify(options.packageJson, null, 2)}\n`);
  write('tsconfig.json', `${JSON.stringify(options.tsconfig, null, 2)}\n`);
  let compiles = 0;

  return {
    dir,
    write,
    async compile(files, compilerOptions = {}) {
      // A tsconfig of its own for this compile, beside the project's: its paths resolve from the project.
      const config = `tsconfig.compile-${++compiles}.json`;
      const compilerOptionsUsed = { ...options.tsconfig.compilerOptions, ...compilerOptions };
      write(config, `${JSON.stringify({ compilerOptions: compilerOptionsUsed, files }, null, 2)}\n`);
      const result = await runIn(
        dir,
        process.execPath,
        [tsc7, '-p', config, '--pretty', 'false', '--singleThreaded'],
        process.env,
      );
      const diagnostics = parseTscOutput(result.stdout);
      // tsc exits with 0 when the program compiles, 1 or 2 when it printed errors; anything else is a crash.
      if (result.code === 0 ? diagnostics.length > 0 : diagnostics.length === 0 || result.code > 2) {
        throw new Error(`tsc -p ${config} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`);
      }
      return diagnostics;
    },
    run: (file, args, env) => runIn(dir, file, args, env),
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a command in `dir` (see ConsumerProject.run). */
function runIn(dir: string, file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    // In a process group of its own, so that stopping it stops what it started too (a server a block
    // spawned would otherwise outlive the suite, reparented to init).
    const child = spawn(file, [...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    // A program that never exits (a server left open) is stopped and fails saying so, rather than
    // holding the suite: a README example must end by itself.
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      stopGroup(child.pid);
    }, runLimitMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // Whatever the program left running in its group ends with it (and lets its output's pipes close).
    child.once('exit', () => stopGroup(child.pid));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (stopped) stderr += `\n(stopped: still running after ${runLimitMs / 1000} s; it must end by itself)`;
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/** SIGKILL to the process group led by `pid`; a group already gone is fine. */
function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/** How long `run` lets a program take before stopping it: minutes, for a machine many times slower. */
const runLimitMs = 240_000;

/**
 * The diagnostics `tsc --pretty false` prints, one a line (`src/a.ts(3,7): error TS2345: ...`, or
 * `error TS5011: ...` for the whole program), a chained message going on in lines indented below its first.
 * Paths are relative to the project, where tsc runs.
 */
export function parseTscOutput(output: string): Diagnostic[] {
  const diagnostics: { file: string; line: number; code: number; message: string }[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const inFile = /^(.+)\((\d+),\d+\): error TS(\d+): (.*)$/.exec(line);
    const inProgram = /^error TS(\d+): (.*)$/.exec(line);
    if (inFile) {
      const [, file = '', at = '0', code = '0', message = ''] = inFile;
      diagnostics.push({ file, line: Number(at), code: Number(code), message });
    } else if (inProgram) {
      const [, code = '0', message = ''] = inProgram;
      diagnostics.push({ file: '', line: 0, code: Number(code), message });
    } else {
      const last = diagnostics.at(-1);
      if (!last || !/^\s/.test(line)) throw new Error(`tsc printed a line that is no diagnostic: ${line}`);
      last.message += `\n${line}`;
    }
  }
  return diagnostics;
}

/** `file:line TSnnnn message`, one a line, for a failure's message. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((diagnostic) => `${diagnostic.file}:${diagnostic.line} TS${diagnostic.code} ${diagnostic.message}`)
    .join('\n');
}
