/**
 * TypeScript to JavaScript by removing the types, with sucrase: plain JavaScript (no native addon, no
 * WebAssembly) that runs on Node, Bun and Deno alike, and keeps line numbers, so an error's line is the
 * program's own. Loaded on the first program only.
 */
import { SandboxError } from './errors.js';

let loading: Promise<typeof import('sucrase')> | undefined;

/** The program wrapped as the body of an async function, its types stripped. */
export async function programSource(code: string): Promise<string> {
  loading ??= import('sucrase');
  const { transform } = await loading;
  // On the first line, so that the program's line N stays line N.
  const wrapped = `(async function program() {${code}\n})`;
  try {
    return transform(wrapped, { transforms: ['typescript'], disableESTransforms: true }).code;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SandboxError(
      `SyntaxError: the program does not parse: ${message.replace(/\s*\(\d+:\d+\)$/, '')}${lineOf(message)}. It is the body of an async function: statements, await, and a return of the answer.`,
      { kind: 'program' },
    );
  }
}

function lineOf(message: string): string {
  const match = /\((\d+):(\d+)\)\s*$/.exec(message);
  return match ? ` at line ${match[1]}, column ${match[2]}` : '';
}
