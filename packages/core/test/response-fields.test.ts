import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeResponseFields, pagingFieldsOf } from '../src/describe-entry.js';
import { cursorPageOf, pageOf } from '../src/index.js';

const job = v.object({
  title: v.string(),
  location: v.nullable(v.object({ city: v.string(), country: v.optional(v.string()) })),
  tags: v.pipe(v.array(v.object({ name: v.string() })), v.maxLength(5)),
});

describe('describeResponseFields: the field paths of a response, read from its schema', () => {
  it("names a page's fields, its items' fields after [], through nullable, optional and piped schemas", () => {
    const { response } = pageOf('jobs', job, { total: v.number() });
    expect(describeResponseFields({ params: v.object({}), response, cacheSeconds: 0 } as never)).toEqual([
      'page',
      'hasMore',
      'nextPage',
      'jobs',
      'jobs[].title',
      'jobs[].location',
      'jobs[].location.city',
      'jobs[].location.country',
      'jobs[].tags',
      'jobs[].tags[].name',
      'total',
    ]);
  });

  it('names no field of a response that is not an object', () => {
    expect(describeResponseFields({ params: v.object({}), response: v.string() } as never)).toEqual([]);
  });
});

describe('pagingFieldsOf: the fields that say where a walk is', () => {
  it('gives page, hasMore, nextPage for page numbers and hasMore, nextCursor for cursors', () => {
    expect(pagingFieldsOf(pageOf('jobs', job).paging)).toEqual(['page', 'hasMore', 'nextPage']);
    expect(pagingFieldsOf(cursorPageOf('jobs', job).paging)).toEqual(['hasMore', 'nextCursor']);
  });
});
