import { describe, expect, it } from 'vitest';
import { formatSeconds, readmeEnd, readmeStart, renderEndpoints, updateReadme } from '../src/docs.js';
import { books } from './provider.js';

describe('generated endpoint docs', () => {
  it('render each endpoint with its path, cache, paging and a param table', () => {
    const markdown = renderEndpoints(books);
    expect(markdown).toContain('### `search`');
    expect(markdown).toContain('`GET /v1/books:shelf/search` · cache: 5 min · paging: page-numbered, items in `items`');
    expect(markdown).toContain('| `sort` | enum | no | `relevance` | `relevance`, `newest` | order |');
    expect(markdown).toContain('| `limit` | integer | no | `10` | 1 to 20 | page size |');
    expect(markdown).toContain('`GET /v1/books:shelf/book/{bookId}` · cache: not documented · paging: none');
    expect(markdown).toContain('| `bookId` | string | yes |  | path segment | book id |');
  });

  it('replace only the generated block of a README', () => {
    const readme = `# Title\n\nIntro.\n\n${readmeStart}\nstale\n${readmeEnd}\n\nFooter.\n`;
    const updated = updateReadme(readme, books);
    expect(updated.startsWith('# Title\n\nIntro.\n\n')).toBe(true);
    expect(updated.endsWith(`${readmeEnd}\n\nFooter.\n`)).toBe(true);
    expect(updated).not.toContain('stale');
    expect(updateReadme(updated, books)).toBe(updated);
  });

  it('say how to fix a README without the block', () => {
    expect(() => updateReadme('# Title\n', books)).toThrow(/add the lines/);
  });

  it('format cache times', () => {
    expect([30, 60, 120, 3_600, 86_400].map(formatSeconds)).toEqual(['30 s', '1 min', '2 min', '1 h', '1 day']);
  });
});
