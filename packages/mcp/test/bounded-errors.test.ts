/**
 * One bound for everything a tool returns, errors included: a refused call that quotes a huge value, a
 * program that throws a huge error, an answer past the bound from a tool that does not fit its own. Each
 * result, its text, structured content and issues all counted, is at most `maxResultBytes`; an error says
 * its code once and its message once, and still names the param that was wrong.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { pdgError } from '@pdg/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolError } from '../src/errors.js';
import { resolveLimits } from '../src/limits.js';
import { finishedResult } from '../src/result-step.js';
import { type Connected, connect, textOf } from './connect.js';

const maxResultBytes = 50_000;
/** The result step with no key to keep out: a value passes as it is. */
const unchanged = <T>(value: T): T => value;

let catalog: Connected;
let endpoints: Connected;
let code: Connected;

beforeAll(async () => {
  catalog = await connect({ toolset: 'catalog', limits: { maxResultBytes } });
  endpoints = await connect({ limits: { maxResultBytes } });
  code = await connect({
    toolset: 'code',
    limits: { maxResultBytes },
    sandbox: { cpuMs: 30_000, wallMs: 60_000, memoryBytes: 64 * 1024 * 1024 },
  });
});
afterAll(async () => {
  for (const connected of [catalog, endpoints, code]) await connected?.close();
});

/** The whole result's JSON, as it crossed the transport: text, structured content, issues, everything. */
const wholeBytes = (result: CallToolResult) => Buffer.byteLength(JSON.stringify(result));

interface ErrorFields {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  issuesLeftOut?: number;
}

/** Checks a tool error against the bound and the one-code-one-message rule; gives its structured fields. */
function checkedError(result: CallToolResult, max = maxResultBytes): ErrorFields {
  expect(result.isError, textOf(result).slice(0, 300)).toBe(true);
  expect(wholeBytes(result)).toBeLessThanOrEqual(max);
  const { error } = result.structuredContent as { error: ErrorFields };
  // The text is the code once, then the message once, the same message the structured content holds.
  expect(textOf(result).split('\n')[0]).toBe(`${error.code}: ${error.message}`);
  expect(error.message.startsWith(`${error.code}:`)).toBe(false);
  return error;
}

/** A refused call sends nothing: the gateway's request count is unchanged by it. */
async function sendsNothing(connected: Connected, call: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const before = connected.requests.length;
  const result = await call();
  expect(connected.requests.length).toBe(before);
  return result;
}

const browse = { provider: 'jobs:jobboard', endpoint: 'browse' };

describe('every tool error is at most maxResultBytes, its code and message once', () => {
  it('call_endpoint with a 1 MB country code: INVALID_PARAMS naming country, within the bound, nothing sent', async () => {
    const result = await sendsNothing(catalog, () =>
      catalog.call('call_endpoint', { ...browse, params: { country: 'X'.repeat(1_000_000) } }),
    );
    const error = checkedError(result);
    expect(error.code).toBe('INVALID_PARAMS');
    expect(error.issues?.map((issue) => issue.path)).toEqual(['country']);
  });

  it('an endpoint tool with a 1 MB country code: the same', async () => {
    const result = await sendsNothing(endpoints, () =>
      endpoints.call('jobs_jobboard_browse', { country: 'X'.repeat(1_000_000) }),
    );
    expect(checkedError(result).issues?.map((issue) => issue.path)).toEqual(['country']);
  });

  it('a 200 KB fields path, provider id, param name: each INVALID_PARAMS within the bound, nothing sent', async () => {
    const long = 'a'.repeat(200_000);
    const calls: [string, Record<string, unknown>][] = [
      ['fields path', { ...browse, fields: [`items[].${long}`] }],
      ['provider id', { provider: long, endpoint: 'browse' }],
      ['endpoint name', { provider: 'jobs:jobboard', endpoint: long }],
      ['param name', { ...browse, params: { [long]: 1 } }],
    ];
    for (const [what, args] of calls) {
      const result = await sendsNothing(catalog, () => catalog.call('call_endpoint', args));
      expect(checkedError(result).code, what).toBe('INVALID_PARAMS');
    }
  });

  it('a program that throws a 3 MB error: PROGRAM_ERROR once, within the bound', async () => {
    const result = await code.call('execute', { code: "throw new Error('x'.repeat(3_000_000))" });
    const error = checkedError(result);
    expect(error.code).toBe('PROGRAM_ERROR');
    // Cut here, whatever the message quotes: the first characters kept, the length said.
    // (The sandbox cuts it first, and says the program's line after the cut.)
    expect(error.message).toMatch(/^Error: x{100,}… \(cut: [\d,]+ characters in all\)/);
  });

  it("a program's uncaught refused call says INVALID_PARAMS once, not INVALID_PARAMS: INVALID_PARAMS", async () => {
    const result = await code.call('execute', {
      // A string, as the type check asks, but not a two-letter code: refused by the client's check at run time.
      code: "return await pdg.run('jobs:jobboard', 'browse', { country: 'Singapore' })",
    });
    const error = checkedError(result);
    expect(error.code).toBe('INVALID_PARAMS');
    expect(textOf(result)).toMatch(/^INVALID_PARAMS: Invalid params for jobs:jobboard browse: country /);
    expect(textOf(result).match(/INVALID_PARAMS/g)).toHaveLength(1);
  });

  it('under a 1,000-byte bound, an error of 300 issues: the first issues kept, the rest counted as left out', () => {
    const issues = Array.from({ length: 300 }, (_, index) => ({ path: `param_${index}`, message: 'is not a param' }));
    const refused = pdgError({ code: 'INVALID_PARAMS', issues, message: 'Invalid params: 300 of them.' });
    const result = finishedResult(toolError(refused), resolveLimits({ maxResultBytes: 1_000 }), unchanged);
    const error = checkedError(result, 1_000);
    expect(error.issues?.length).toBeGreaterThan(0);
    expect((error.issues?.length ?? 0) + (error.issuesLeftOut ?? 0)).toBe(300);
    expect(error.issues?.[0]).toEqual({ path: 'param_0', message: 'is not a param' });
  });
});

describe('an answer past the bound from a tool that does not fit its own is cut, with a note', () => {
  it("execute's 90 KB answer (within the sandbox's 100,000 bytes): at most maxResultBytes, saying it was cut", async () => {
    const result = await code.call('execute', { code: "return { text: 'y'.repeat(90_000), count: 3 }" });
    expect(result.isError).toBeFalsy();
    expect(wholeBytes(result)).toBeLessThanOrEqual(maxResultBytes);
    const { result: answer } = result.structuredContent as { result: { text: string; count: number } };
    expect(answer.count).toBe(3);
    expect(answer.text).toMatch(/^y{100,}… \(cut: 90,000 characters in all\)$/);
    const note = result.content.at(-1) as { text: string };
    expect(note.text).toMatch(/^Cut to fit 50,000 bytes: /);
  });

  it('search_docs for 1 MB of words: at most maxResultBytes', async () => {
    const result = await code.call('search_docs', { query: 'zz'.repeat(500_000) });
    expect(wholeBytes(result)).toBeLessThanOrEqual(maxResultBytes);
    expect(textOf(result)).toMatch(/^Nothing matches "z{100,}… \(cut: /);
  });

  it('a result that cannot be cut to the bound (60 text blocks) is a short INVALID_RESPONSE error instead', () => {
    const blocks = Array.from({ length: 60 }, (_, index) => ({
      type: 'text' as const,
      text: `${index} ${'w'.repeat(300)}`,
    }));
    const result = finishedResult({ content: blocks }, resolveLimits({ maxResultBytes: 1_000 }), unchanged);
    expect(checkedError(result, 1_000).code).toBe('INVALID_RESPONSE');
    expect(textOf(result)).toMatch(
      /^INVALID_RESPONSE: The result would be [\d,]+ bytes, over the 1,000 result limit, and cannot be cut to it\./,
    );
  });
});
