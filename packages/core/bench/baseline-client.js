// The same call written by hand with ky and valibot: the baseline the one-call client is measured against.
import ky from 'ky';
import * as v from 'valibot';

const params = v.strictObject({ q: v.string(), limit: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(50))) });
const response = v.looseObject({
  items: v.array(v.looseObject({ id: v.nullish(v.string()), title: v.nullish(v.string()) })),
});

const query = v.parse(params, { q: 'tides', limit: 5 });
const body = await ky
  .get(`${process.env.PDG_BASE_URL}/v1/books:shelf/search`, {
    searchParams: query,
    headers: { 'x-api-key': process.env.PDG_API_KEY },
  })
  .json();
console.log(v.parse(response, body));
