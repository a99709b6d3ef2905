import { describe, expect, it } from 'vitest';
import { readmeIntro } from '../src/intro.js';

const base = 'https://github.com/pdg-sdk/pdg/tree/main/packages/providers/jobs-jobboard/';

const readme = `# @pdg/jobs-jobboard

pdg provider for **jobs:jobboard**: job listings. See [the core](../../core/README.md), [the spec](https://example.test/spec) and [below](#notes).

\`\`\`ts
const link = '[not a link](./x)';
\`\`\`

Inline \`[code](./y)\` stays.

## Notes

- Only the params you pass are sent.

## Endpoints

<!-- endpoints:start (generated from the definitions: pnpm readme) -->

### \`browse\`

| param | type |
<!-- endpoints:end -->
`;

describe('readmeIntro', () => {
  const intro = readmeIntro(readme, base);

  it('keeps what the author wrote before the generated endpoint block, without the title and the heading over the block', () => {
    expect(intro.startsWith('pdg provider for **jobs:jobboard**: job listings.')).toBe(true);
    expect(intro).toContain('## Notes\n\n- Only the params you pass are sent.');
    expect(intro.endsWith('- Only the params you pass are sent.')).toBe(true);
    expect(intro).not.toContain('# @pdg/jobs-jobboard');
    expect(intro).not.toContain('## Endpoints');
    expect(intro).not.toContain('browse');
  });

  it('makes relative links absolute against the README folder, and leaves web links, anchors and code alone', () => {
    expect(intro).toContain('[the core](https://github.com/pdg-sdk/pdg/tree/main/packages/core/README.md)');
    expect(intro).toContain('[the spec](https://example.test/spec)');
    expect(intro).toContain('[below](#notes)');
    expect(intro).toContain("const link = '[not a link](./x)';");
    expect(intro).toContain('`[code](./y)`');
  });

  it('takes the whole README when it has no generated block', () => {
    expect(readmeIntro('# Title\n\nAll of it.\n\n## More\n\nText.\n', base)).toBe('All of it.\n\n## More\n\nText.');
  });
});
