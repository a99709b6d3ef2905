/** The server's client reports upstream drift instead of refusing the response, and each result says so. */
import { jobboard } from '@pdg/jobs-jobboard';
import { describe, expect, it } from 'vitest';
import { createPdgTools } from '../src/index.js';
import { apiKey } from './connect.js';

/** `filters` as a gateway might answer after its source changed: `count` a string, an undocumented `region`. */
const drifted = { count: '2', items: [], provider: 'jobboard', region: 'apac-51c0' };

function toolsOver(body: unknown, options: { validate?: 'strict' } = {}) {
  const fetch = async () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  return createPdgTools({ providers: [jobboard], apiKey, baseUrl: 'http://gateway.test', retry: 0, fetch, ...options });
}

describe('drift in tool results', () => {
  it("by default ('report') returns the drifted data and says what differs, on every call of the endpoint", async () => {
    const tools = toolsOver(drifted);
    for (let call = 0; call < 2; call++) {
      const result = await tools.call('jobs_jobboard_filters', { country: 'SG' });
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as Record<string, unknown>;
      expect(structured.result).toEqual(drifted);
      expect(structured.drift).toEqual([
        { path: 'count', change: 'type', expected: 'number', received: 'string' },
        { path: 'region', change: 'added', expected: 'absent', received: 'string' },
      ]);
      expect(structured.validation).toContain("Validation is 'report'");
      expect(structured.validation).toContain('count, region');
    }
  });

  it('a response that matches carries no drift', async () => {
    const result = await toolsOver({ count: 0, items: [], provider: 'jobboard' }).call('jobs_jobboard_filters', {
      country: 'SG',
    });
    expect(result.structuredContent).toEqual({ result: { count: 0, items: [], provider: 'jobboard' } });
  });

  it("validate: 'strict' given to the server is kept: the drifted response is a tool error", async () => {
    const result = await toolsOver(drifted, { validate: 'strict' }).call('jobs_jobboard_filters', { country: 'SG' });
    expect(result.isError).toBe(true);
  });
});
