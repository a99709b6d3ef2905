/**
 * Every paged endpoint of every provider declares its item's key (`itemKey`), as `pdg harvest` keys its
 * table by it: each field part a field of the item schema, each param part a param of the endpoint.
 */
import { describeParams } from '@pdg/core/describe';
import { tableShape } from '@pdg/store';
import { expect, it } from 'vitest';
import { loadProviders } from '../src/catalog.js';

const providers = await loadProviders();
const paged = providers.flatMap((provider) =>
  Object.entries(provider.endpoints)
    .filter(([, definition]) => definition.paging)
    .map(([name, definition]) => ({ label: `${provider.id} ${name}`, provider: provider.id, name, definition })),
);

it('finds the paged endpoints to check', () => {
  expect(paged.length).toBeGreaterThan(30);
});

it.each(paged)('$label declares an item key of its own fields and params', ({ provider, name, definition }) => {
  expect(definition.itemKey, 'itemKey').toBeDefined();
  if (definition.itemKey === 'content' || definition.itemKey === undefined) return;
  const fields = tableShape(provider, name, definition).columns.map((column) => column.name);
  const params = describeParams(definition).map((param) => param.name);
  for (const part of definition.itemKey) {
    if (typeof part === 'string') expect(fields, `item field ${part}`).toContain(part);
    else expect(params, `param ${part.param}`).toContain(part.param);
  }
});
