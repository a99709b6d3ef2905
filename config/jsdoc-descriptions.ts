/**
 * Provider descriptions are written once, as JSDoc above each param and response field: editors show
 * them in hovers from the source and the published `.d.ts`. This transform makes the same text available
 * at run time (to `pdg describe`, the READMEs, the conformance suite) by wrapping each JSDoc-commented
 * property value in `described(value, text)` from @pdg/core. Types are untouched: declarations are built
 * from the source as written.
 */
import ts from 'typescript';
import { stampProviderVersion } from './provider-version.js';

const helper = '__pdgDescribed';

/** The source with JSDoc texts attached to their schemas, or undefined when there is nothing to attach. */
export function attachDescriptions(code: string, fileName: string): string | undefined {
  if (!code.includes('/**')) return undefined;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && isSchemaExpression(node.initializer)) {
      const doc = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1);
      const text = doc ? ts.getTextOfJSDocComment(doc.comment)?.trim() : undefined;
      if (text) {
        edits.push({ at: node.initializer.getStart(source), text: `${helper}(` });
        edits.push({ at: node.initializer.getEnd(), text: `, ${JSON.stringify(text)})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) return undefined;
  let out = code;
  // From the end, so earlier offsets stay valid; the import goes last so line numbers do not move.
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
  return `${out}\nimport { described as ${helper} } from '@pdg/core';\n`;
}

/** Calls and references may be schemas (`described` leaves other values alone); literals never are. */
function isSchemaExpression(node: ts.Expression): boolean {
  return ts.isCallExpression(node) || ts.isIdentifier(node) || ts.isPropertyAccessExpression(node);
}

const providerSource = /[\\/]packages[\\/]providers[\\/][^\\/]+[\\/]src[\\/][^\\/]+\.ts$/;

/** For tsup (esbuild): applied to provider packages' own source files, with their version (provider-version.ts). */
export function esbuildDescriptions() {
  return {
    name: 'pdg-jsdoc-descriptions',
    setup(build: {
      onLoad(
        options: { filter: RegExp },
        callback: (args: { path: string }) => Promise<{ contents: string; loader: 'ts' }>,
      ): void;
    }) {
      build.onLoad({ filter: providerSource }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const code = await readFile(args.path, 'utf8');
        // The provider's version rides the same load: esbuild takes one onLoad per file.
        const described = attachDescriptions(code, args.path) ?? code;
        return { contents: stampProviderVersion(described, args.path), loader: 'ts' };
      });
    },
  };
}

/** For vitest (vite): the same transform, so tests see what the published package does. */
export function viteDescriptions() {
  return {
    name: 'pdg-jsdoc-descriptions',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!providerSource.test(id)) return undefined;
      const out = stampProviderVersion(attachDescriptions(code, id) ?? code, id);
      return out === code ? undefined : { code: out, map: null };
    },
  };
}
