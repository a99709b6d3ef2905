/** Tool names: within the protocol's rule, one per endpoint, and the same whatever else is registered. */
import { defineEndpoint, defineProvider, stringParam } from '@pdg/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createPdgTools, toolName, toolNamePattern } from '../src/index.js';
import { apiKey, providers } from './connect.js';

const endpoint = (description: string) =>
  defineEndpoint({ description, params: v.strictObject({ q: stringParam() }), response: v.unknown() });

describe('tool names', () => {
  it('are <category>_<provider>_<endpoint>, the colon made an underscore and dashes kept', () => {
    expect(toolName('jobs:jobboard', 'browse')).toBe('jobs_jobboard_browse');
    expect(toolName('music:catalogstore', 'search')).toBe('music_catalogstore_search');
    expect(toolName('social-media:forum', 'user-posts')).toBe('social-media_forum_user-posts');
  });

  it('replace characters outside the rule, and keep a long name within 64 characters with a stable hash', () => {
    expect(toolName('test:notes', 'by.date')).toBe('test_notes_by_date');
    const long = toolName('category-with-a-long-name:provider-with-a-long-name', 'endpoint-with-a-long-name');
    expect(long).toMatch(toolNamePattern);
    expect(long).toHaveLength(64);
    expect(long).toBe(toolName('category-with-a-long-name:provider-with-a-long-name', 'endpoint-with-a-long-name'));
    expect(long).not.toBe(toolName('category-with-a-long-name:provider-with-a-long-name', 'endpoint-with-a-long-nam2'));
  });

  it('name every endpoint of the providers once, each within ^[a-zA-Z0-9_-]{1,64}$', () => {
    const { tools } = createPdgTools({ providers, apiKey, baseUrl: 'http://127.0.0.1:9' });
    const endpoints = providers.flatMap((provider) => Object.keys(provider.endpoints));
    expect(tools).toHaveLength(endpoints.length);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) expect(tool.name).toMatch(toolNamePattern);
    expect(tools.map((tool) => tool.name)).toContain('social-media_forum_hot');
  });

  it('do not depend on which other providers are registered', () => {
    const [jobboard, forum] = providers;
    const alone = createPdgTools({ providers: [forum], apiKey, baseUrl: 'http://127.0.0.1:9' });
    const both = createPdgTools({ providers: [jobboard, forum], apiKey, baseUrl: 'http://127.0.0.1:9' });
    const forumNames = both.endpointTools.filter((tool) => tool.provider === forum.id).map((tool) => tool.name);
    expect(alone.tools.map((tool) => tool.name)).toEqual(forumNames);
  });

  it('refuse two endpoints that would share a name, naming both', () => {
    const clash = defineProvider({
      id: 'test:clash',
      description: 'Two endpoint names that differ only outside the rule.',
      endpoints: {
        'by.date': { ...endpoint('By date.'), path: 'by-date' },
        by_date: { ...endpoint('Also.'), path: 'by-date2' },
      },
    });
    expect(() => createPdgTools({ providers: [clash], apiKey, baseUrl: 'http://127.0.0.1:9' })).toThrow(
      'test:clash by.date and test:clash by_date would both be the tool "test_clash_by_date"',
    );
  });
});
