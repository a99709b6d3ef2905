/** Tool arguments that are not an object are the caller's invalid params (-32602), not a server fault (-32603). */
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect } from './connect.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect();
});
afterAll(async () => {
  await connected.close();
});

describe('tools/call with arguments that are not an object', () => {
  for (const [label, args] of [
    ['an array', [1, 2]],
    ['a string', 'country=SG'],
    ['a number', 7],
  ] as const) {
    it(`${label}: -32602 saying a record was expected, and nothing is sent`, async () => {
      const before = connected.requests.length;
      const error = await connected.client
        .request(
          { method: 'tools/call', params: { name: 'call_endpoint', arguments: args as never } },
          CallToolResultSchema,
        )
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32602);
      expect((error as McpError).message).toContain('expected record');
      expect(connected.requests.length).toBe(before);
    });
  }
});
