/**
 * pdg in five minutes: three providers and a paged walk.
 *
 * With PDG_BASE_URL and PDG_API_KEY set, this runs against that gateway. Without them it starts the
 * mock gateway in this process, serving the providers' fixtures: no key, no network.
 */
import { createClient, isPdgError } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';

const providers = [catalogstore, jobboard, forum] as const;
const useRealGateway = Boolean(process.env.PDG_BASE_URL && process.env.PDG_API_KEY);

const mock = useRealGateway
  ? undefined
  : await startMockGateway({ providers, fixtures: [...catalogstoreFixtures, ...jobboardFixtures, ...forumFixtures] });

// With the real gateway, apiKey and baseUrl come from PDG_API_KEY and PDG_BASE_URL.
const pdg = createClient(mock ? { providers, baseUrl: mock.url, apiKey: 'demo-key' } : { providers });
console.log(
  mock
    ? `Using the mock gateway at ${mock.url} (set PDG_BASE_URL and PDG_API_KEY for the real one)\n`
    : `Using ${process.env.PDG_BASE_URL}\n`,
);

try {
  // 1. Music: the envelope is unwrapped, the items are typed.
  const music = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
  console.log(`music:catalogstore search "velvet orbit": ${music.count} tracks`);
  for (const track of music.items) {
    const minutes = track.durationMs
      ? `${Math.floor(track.durationMs / 60_000)}:${String(Math.round((track.durationMs % 60_000) / 1000)).padStart(2, '0')}`
      : '?';
    console.log(`  ${track.title} by ${track.artist} (${track.album}, ${minutes})`);
  }

  // 2. Jobs: one page of listings, and what the gateway says of the whole listing.
  const jobs = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 3 });
  const listed = jobs.total === undefined ? '' : ` of ${jobs.total}`;
  console.log(`\njobs:jobboard browse SG: page ${jobs.page}, ${jobs.items.length}${listed} jobs`);
  for (const job of jobs.items)
    console.log(
      `  ${job.title} in ${job.location?.city ?? 'an unnamed city'} (${job.employmentType ?? 'type not given'})`,
    );

  // 3. Forum: cursor-paged hot threads, walked item by item.
  console.log('\nsocial-media:forum hot threads:');
  for await (const thread of pdg.items('social-media:forum', 'hot', { limit: 2 }, { maxItems: 4 })) {
    console.log(`  ${thread.title} by ${thread.author} (${thread.totalViews ?? 0} views)`);
  }

  // 4. A paged walk over the same listing: pages() fetches page after page, one in memory at a time, until
  // the listing ends or maxPages. Every figure printed is counted from what the walk fetched.
  const maxPages = 5;
  let walked = 0;
  let pages = 0;
  let lastPageHasMore = false;
  const cities = new Map<string, number>();
  for await (const page of pdg.pages('jobs:jobboard', 'browse', { country: 'SG', limit: 3 }, { maxPages })) {
    pages++;
    lastPageHasMore = page.hasMore;
    for (const job of page.items) {
      walked++;
      const city = job.location?.city ?? 'unknown';
      cities.set(city, (cities.get(city) ?? 0) + 1);
    }
  }
  const stop = lastPageHasMore ? `maxPages ${maxPages} stopped it` : 'the whole listing';
  console.log(`\nWalked ${walked} jobs across ${pages} page${pages === 1 ? '' : 's'} (${stop}); by city:`);
  for (const [city, count] of [...cities].sort((a, b) => b[1] - a[1])) console.log(`  ${city}: ${count}`);
} catch (error) {
  if (!isPdgError(error)) throw error;
  console.error(`The call failed (${error.code}): ${error.message}`);
  process.exitCode = 1;
} finally {
  await mock?.close();
}
