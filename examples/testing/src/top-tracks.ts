/**
 * Your own code: a function of an app that calls pdg. The tests beside it show how to test such code
 * offline with @pdg/testkit, answering its gateway calls from the provider's fixtures.
 */
import { type ClientOptions, createClient, isPdgError, type PdgClient } from '@pdg/core';
import { catalogstore } from '@pdg/music-catalogstore';

/** A pdg client that can call music:catalogstore. */
export type MusicClient = PdgClient<readonly [typeof catalogstore]>;

/** The app's client. The API key and gateway URL come from PDG_API_KEY and PDG_BASE_URL unless given. */
export function createMusicClient(
  options: Omit<ClientOptions<readonly [typeof catalogstore]>, 'providers'> = {},
): MusicClient {
  return createClient({ ...options, providers: [catalogstore] });
}

/** One entry of an artist's track list, ready to show. */
export interface TopTrack {
  readonly title: string;
  readonly album: string | undefined;
  /** `m:ss`; undefined when the catalogue gives no duration. */
  readonly duration: string | undefined;
  /** A short audio preview, when the catalogue has one. */
  readonly previewUrl: string | undefined;
}

export interface TopTracksOptions {
  /** Keep tracks marked explicit. By default they are left out. */
  readonly includeExplicit?: boolean;
}

/** The catalogue cannot be asked right now; the message is fit to show to the app's user. */
export class CatalogUnavailableError extends Error {
  override readonly name = 'CatalogUnavailableError';
  /** Seconds to wait before asking again, when the gateway said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, retryAfterSeconds: number | undefined, cause: unknown) {
    super(message, { cause });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The most pages read to fill the list when explicit tracks are skipped. */
const maxPages = 3;

/**
 * The first `count` tracks the catalogue finds for `artist`, explicit ones left out unless asked for.
 * When skipping explicit tracks leaves a page short, the next page is read.
 */
export async function topTracks(
  pdg: MusicClient,
  artist: string,
  count: number,
  options: TopTracksOptions = {},
): Promise<TopTrack[]> {
  if (!Number.isInteger(count) || count < 1 || count > 50) {
    throw new RangeError(`count must be a whole number from 1 to 50, the catalogue's page size (received ${count}).`);
  }
  const picked: TopTrack[] = [];
  for (let page = 1; page <= maxPages && picked.length < count; page++) {
    // Page 1 is the gateway's default: the first request carries no `page`.
    const result = await search(pdg, page === 1 ? { q: artist, limit: count } : { q: artist, limit: count, page });
    for (const track of result.items) {
      if (picked.length === count) break;
      if (track.isExplicit && !options.includeExplicit) continue;
      picked.push({
        title: track.title ?? 'Untitled',
        album: track.album ?? undefined,
        duration: formatDuration(track.durationMs),
        previewUrl: track.preview ?? undefined,
      });
    }
    // The search answers with no `hasMore`: a page shorter than asked for is the last.
    if (result.count < count) break;
  }
  return picked;
}

async function search(pdg: MusicClient, params: { q: string; limit: number; page?: number }) {
  try {
    return await pdg.run('music:catalogstore', 'search', params);
  } catch (error) {
    if (isPdgError(error) && error.code === 'AUTH') {
      throw new CatalogUnavailableError(
        'The music catalogue refused our API key. Check that PDG_API_KEY is set to a valid key.',
        undefined,
        error,
      );
    }
    if (isPdgError(error) && error.code === 'RATE_LIMITED') {
      const when = error.retryAfter === undefined ? 'in a minute' : `in ${error.retryAfter} s`;
      throw new CatalogUnavailableError(`The music catalogue is busy. Try again ${when}.`, error.retryAfter, error);
    }
    throw error;
  }
}

/** `187311` → `3:07`. */
function formatDuration(milliseconds: number | null | undefined): string | undefined {
  if (milliseconds === null || milliseconds === undefined) return undefined;
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
