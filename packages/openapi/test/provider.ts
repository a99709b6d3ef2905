/**
 * A made-up provider holding one of each thing the export maps: a closed and an open enum, bounds, a
 * pattern, server defaults, required params, list params, a path param, cursor and page paging, a cache
 * time, the success envelope, params the spec does not list, a rule between params, and an undocumented endpoint.
 */
import {
  cursorPageOf,
  defineEndpoint,
  defineProvider,
  described,
  enumParam,
  fields,
  integerParam,
  listParam,
  numberParam,
  openEnumParam,
  optional,
  pageOf,
  paramRules,
  record,
  stringParam,
} from '@pdg/core';
import * as v from 'valibot';

const plant = record({
  plantId: described(v.string(), 'Plant id.'),
  name: described(v.string(), 'Common name.'),
  heightCm: v.number(),
  perennial: v.boolean(),
  notes: v.unknown(),
});

const plants = pageOf('items', plant, fields({ total: v.number() }));
const feed = cursorPageOf('entries', plant);

export const garden = defineProvider({
  id: 'test:garden',
  description: 'Plants of a made-up garden.',
  endpoints: {
    plants: defineEndpoint({
      description: 'Plants, page by page.',
      cacheSeconds: 600,
      envelope: true,
      ...plants,
      params: v.strictObject({
        q: stringParam('Plant name to look for.'),
        sort: optional(enumParam(['name', 'height'], 'Sort order.', { default: 'name' })),
        limit: optional(integerParam('Page size.', { min: 1, max: 50, default: 20 })),
        page: optional(integerParam('Page number, 1-based.', { min: 1 })),
        zone: optional(
          stringParam('Hardiness zone.', { pattern: /^\d{1,2}[ab]$/, patternMessage: 'must be a zone such as 7b' }),
        ),
        soil: optional(openEnumParam(['loam', 'clay'], 'Soil type.')),
        colours: described(
          optional(listParam({ values: ['red', 'white', '10'], default: 'red,white' })),
          'Flower colours.',
        ),
        tags: described(
          optional(listParam({ pattern: /^[a-z]+$/, patternMessage: 'a lowercase tag such as shade' })),
          'Tags.',
        ),
        minPh: optional(numberParam('Lowest soil pH.', { min: 0, max: 14 })),
      }),
    }),
    plant: defineEndpoint({
      description: 'One plant.',
      pathParam: 'plantId',
      params: v.strictObject({ plantId: stringParam('Plant id, from plants.') }),
      response: plant,
    }),
    feed: defineEndpoint({
      description: 'New plants by cursor.',
      ...feed,
      params: v.looseObject({
        cursor: optional(stringParam('The nextCursor of the prior response.')),
      }),
    }),
    seasons: defineEndpoint({
      description: 'Planting seasons between two years.',
      cacheSeconds: 86_400,
      params: paramRules(
        v.strictObject({
          from: optional(integerParam('First year.', { min: 1900 })),
          to: optional(integerParam('Last year.', { min: 1900 })),
        }),
        { requires: { to: ['from'] } },
      ),
      response: v.array(
        v.pipe(
          v.string(),
          v.regex(/^\d{4}-\d{2}$/),
          v.transform((text) => text.split('-')),
        ),
      ),
    }),
    almanac: defineEndpoint({
      description: 'Almanac: named by the spec, its params and response not shown.',
      undocumented: true,
      params: v.looseObject({}),
      response: v.unknown(),
    }),
  },
});
