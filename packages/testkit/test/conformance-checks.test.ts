/**
 * The conformance suite's own checks, each shown failing on a provider package gone wrong: a file the loader
 * would skip, a fixture of another provider, a request the spec does not give, fixtures that never show a field.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineFixtures, requestOf } from '@pdg/core/fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldsNeverShown, fixtureProblems, specRequest } from '../src/conformance-checks.js';
import { books, fixtures } from './provider.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fixtures folder holding these files (paths relative to it), each `{}`. */
function folderWith(files: readonly string[]): URL {
  const folder = mkdtempSync(join(tmpdir(), 'pdg-fixtures-'));
  folders.push(folder);
  for (const file of files) {
    mkdirSync(join(folder, file, '..'), { recursive: true });
    writeFileSync(join(folder, file), '{}');
  }
  return pathToFileURL(`${folder}/`);
}

const ownFiles = ['search/tides.json', 'search/tides-newest.json', 'book/b1.json'];

describe('fixtureProblems', () => {
  it('finds nothing when the folder holds exactly the fixtures given', () => {
    expect(fixtureProblems(books, fixtures, folderWith(ownFiles))).toEqual([]);
  });

  it('names a file the loader would skip: not .json, or in a folder of its own', () => {
    const folder = folderWith([...ownFiles, 'search/tides-2.jsn', 'search/old/tides.json']);
    expect(fixtureProblems(books, fixtures, folder)).toEqual([
      'fixtures/search/old is not a .json file, so no fixture is read from it',
      'fixtures/search/tides-2.jsn is not a .json file, so no fixture is read from it',
    ]);
  });

  it('names a folder that is not an endpoint, a file not given and a fixture with no file', () => {
    const folder = folderWith(['serach/tides.json', 'search/tides.json', 'search/extra.json', 'book/b1.json']);
    expect(fixtureProblems(books, fixtures, folder)).toEqual([
      'fixtures/serach is not a folder named after an endpoint',
      'fixtures/search/extra.json is not among the fixtures given',
      'fixture search/tides-newest has no file fixtures/search/tides-newest.json',
    ]);
  });

  it("names another provider's fixture and a name given twice", () => {
    const other = { ...books, id: 'books:other' };
    const strays = defineFixtures(other, [{ endpoint: 'book', name: 'b1', params: { bookId: 'b1' }, response: {} }]);
    expect(fixtureProblems(books, [...fixtures, ...strays])).toEqual([
      'fixture book/b1 is of books:other, not books:shelf',
      'fixture book/b1 is named twice',
    ]);
  });
});

describe('specRequest', () => {
  it("works the request out from the endpoint's documented path and the params as given", () => {
    expect(specRequest(books, 'book', { bookId: 'a/b c' })).toEqual({
      path: '/v1/books:shelf/book/a%2Fb%20c',
      query: {},
    });
    expect(specRequest(books, 'search', { q: 'tides', limit: 2, page: null, sort: undefined })).toEqual({
      path: '/v1/books:shelf/search',
      query: { q: 'tides', limit: '2' },
    });
    expect(specRequest(books, 'search', { q: ['a', 'b'], exact: false })).toEqual({
      path: '/v1/books:shelf/search',
      query: { q: 'a,b', exact: 'false' },
    });
  });

  it('agrees with the request each fixture records (the client sends that one)', () => {
    for (const fixture of fixtures) {
      const spec = specRequest(books, fixture.endpoint, fixture.params);
      expect({ ...fixture.request, query: { ...fixture.request.query } }).toEqual(spec);
    }
  });

  it('differs from a request that drops a param or leaves the path param unencoded', () => {
    const spec = specRequest(books, 'book', { bookId: 'a/b' });
    expect(spec).not.toEqual({ path: '/v1/books:shelf/book/a/b', query: {} });
    expect(specRequest(books, 'search', { q: 'x', limit: 3 })).not.toEqual(requestOf(books, 'search', { q: 'x' }));
  });
});

describe('fieldsNeverShown', () => {
  const { response } = books.endpoints.book;
  const page = books.endpoints.search.response;

  it('finds nothing when the fixtures together show every field, null counting as shown', () => {
    expect(fieldsNeverShown(response, [{ id: 'b1' }, { title: null }])).toEqual([]);
    expect(fieldsNeverShown(page, [{ page: 1, items: [{ id: 'b1', title: 't' }] }])).toEqual([]);
  });

  it('names every field of a record when the only fixture is {}', () => {
    expect(fieldsNeverShown(response, [{}])).toEqual(['id', 'title']);
  });

  it('names a field a misspelling leaves unshown, inside arrays too', () => {
    expect(fieldsNeverShown(response, [{ id: 'b1', titel: 't' }])).toEqual(['title']);
    expect(fieldsNeverShown(page, [{ page: 1, items: [{ id: 'b1' }, { id: 'b2' }] }])).toEqual(['items[].title']);
  });
});
