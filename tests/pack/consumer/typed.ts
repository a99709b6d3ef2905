// A user's TypeScript, type-checked in the consumer project under `moduleResolution: "node16"` and
// `"bundler"`: types come from the installed packages' `exports`, and the call's inferred result is used,
// so declarations that are missing, unreachable or collapse to `any` fail the check.
import { createClient, isPdgError } from '@pdg/core';
import { startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures } from '@pdg/music-catalogstore/fixtures';

const gateway = await startMockGateway({ providers: [catalogstore], fixtures });
const pdg = createClient({ providers: [catalogstore], baseUrl: gateway.url, apiKey: 'pack-test-key' });

const result = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
const titles: (string | undefined)[] = result.items.map((track) => track.title);
const durations: (number | undefined)[] = result.items.map((track) => track.durationMs);
const page: number = result.page;

// Each line below must be an error; were the result `any`, `@ts-expect-error` would itself be the error.
// @ts-expect-error a track's title is a string (or absent), not a number
const wrong: number = result.items[0]?.title;
// @ts-expect-error 'song' is not a search type
await pdg.run('music:catalogstore', 'search', { q: 'x', type: 'song' });
// @ts-expect-error the provider has no such endpoint
await pdg.run('music:catalogstore', 'lookup', {});

try {
  await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
} catch (error) {
  if (isPdgError(error)) console.log(error.code satisfies string);
}
console.log(titles, durations, page, wrong);
await gateway.close();
