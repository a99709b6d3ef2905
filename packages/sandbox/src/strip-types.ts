/**
 * TypeScript to JavaScript by removing the types, with sucrase: plain JavaScript (no native addon, no
 * WebAssembly) that runs on Node, Bun and Deno alike, and keeps line numbers, so an error's line is the
 * program's own. Runs in the program's worker, so a program that takes long to read is bounded like one that
 * takes long to run.
 */
import { transform } from 'sucrase';

/** The program wrapped as the body of an async function, its types stripped; or why it cannot run. */
export function programSource(code: string): { readonly source: string } | { readonly failure: string } {
  const importing = moduleLine(code);
  if (importing !== undefined) {
    return {
      failure: `SyntaxError: the program cannot import modules (line ${importing}): it is the body of an async function, with no modules, files or network; use pdg.run, pdg.items and pdg.pages, which are in scope.`,
    };
  }
  // On the first line, so that the program's line N stays line N.
  const wrapped = `(async function program() {${code}\n})`;
  try {
    return { source: transform(wrapped, { transforms: ['typescript'], disableESTransforms: true }).code };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      failure: `SyntaxError: the program does not parse: ${message.replace(/\s*\(\d+:\d+\)$/, '')}${lineOf(message)}. It is the body of an async function: statements, await, and a return of the answer.`,
    };
  }
}

/**
 * The line of the first `import … from` / `import '…'` / `export` statement, if any: QuickJS would answer it
 * with "expecting '('" (it reads `import` in a function body as `import()`), and sucrase drops an import whose
 * names are unused, so the program is told plainly instead. `import(…)` and `import.meta` are left to the engine.
 */
function moduleLine(code: string): number | undefined {
  const index = code.split('\n').findIndex((line) => /^\s*(import(\s+[\w$*{]|\s*['"{*])|export\s)/.test(line));
  return index === -1 ? undefined : index + 1;
}

function lineOf(message: string): string {
  const match = /\((\d+):(\d+)\)\s*$/.exec(message);
  return match ? ` at line ${match[1]}, column ${match[2]}` : '';
}
