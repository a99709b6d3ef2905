/**
 * A provider README's introduction: what its author wrote before the generated endpoint block (install,
 * a first call, notes), shown on the site above the provider's endpoints. The endpoints themselves come
 * from the catalog, so the generated block and its heading are left out.
 *
 * No imports: the build script (scripts/assets.ts) runs this file as it is, with Node's type stripping.
 */

/** The marker `pnpm readme` writes before the generated endpoint block. */
const generatedBlock = '<!-- endpoints:start';

/**
 * The introduction of a README: without its `# title` (the site names the provider itself), cut before the
 * generated endpoint block and the heading over it. Relative links are made absolute against `base` (the
 * README's folder on the web, ending in `/`), as the site is read elsewhere.
 */
export function readmeIntro(readme: string, base: string): string {
  const text = readme.replace(/\r\n/g, '\n');
  const end = text.indexOf(generatedBlock);
  let intro = end === -1 ? text : text.slice(0, end);
  intro = intro.replace(/^#\s[^\n]*\n/, '');
  // The heading that introduces the generated block ("## Endpoints") has nothing under it once it is cut.
  if (end !== -1) intro = intro.replace(/\n#{2,6}\s[^\n]*\s*$/, '\n');
  return absoluteLinks(intro, base).trim();
}

/** `[text](../core/README.md)` → `[text](https://…/core/README.md)`; absolute links, anchors and code are kept. */
function absoluteLinks(markdown: string, base: string): string {
  // Fenced code and inline code are copied untouched: a `](x)` there is code, not a link.
  return markdown
    .split(/(```[\s\S]*?```|`[^`\n]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(\]\()([^)\s]+)(\))/g, (whole, open: string, target: string, close: string) =>
            /^([a-z][a-z0-9+.-]*:|#)/i.test(target) ? whole : `${open}${new URL(target, base).href}${close}`,
          ),
    )
    .join('');
}
