/**
 * The 2026-07-28 revision behind sign-in: a request with no `initialize` and its version in `_meta` meets
 * the same 401 as a 2025 one, and with a signed-in user's token spends that user's key only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hosted, keyA, keyB, mcpPost, signIn, startHosted } from './hosted.js';

let hosted: Hosted;
beforeAll(async () => {
  hosted = await startHosted();
});
afterAll(async () => {
  await hosted.close();
});

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'plain-http', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2026-07-28 tools/call of jobs:jobboard browse with `limit`, with the standard headers and `headers`. */
function modernBrowse(headers: Record<string, string>, limit: number) {
  return mcpPost(
    hosted,
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'jobs_jobboard_browse',
      ...headers,
    },
    {
      method: 'tools/call',
      params: { name: 'jobs_jobboard_browse', arguments: { limit, maxItems: 2 }, _meta: meta },
    },
  );
}

describe('a 2026-07-28 request to a server with sign-in', () => {
  it('with no token is 401 naming the protected-resource metadata, and sends nothing', async () => {
    const before = hosted.sent.length;
    const answer = await modernBrowse({}, 3);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(
      /^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    expect(hosted.sent.length).toBe(before);
  });

  it('with a signed-in user\u2019s token is answered, and spends that user\u2019s key only', async () => {
    const a = await signIn(hosted, keyA);
    const b = await signIn(hosted, keyB);
    hosted.sent.length = 0;
    for (const [tokens, limit] of [
      [a, 5],
      [b, 6],
    ] as const) {
      const answer = await modernBrowse({ authorization: `Bearer ${tokens.access_token}` }, limit);
      expect(answer.status).toBe(200);
      const body = await answer.text();
      expect(JSON.parse(body).result.isError).toBeFalsy();
      expect(body).not.toMatch(/made-up-key-user/);
    }
    const keysOf = (limit: string) =>
      hosted.sent.filter((request) => new URL(request.url).searchParams.get('limit') === limit).map((r) => r.key);
    expect(keysOf('5')).toEqual([keyA]);
    expect(keysOf('6')).toEqual([keyB]);
  });
});
