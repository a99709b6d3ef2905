/**
 * A listing's page cut from the fixtures of one question (the same params but page, cursor and page size),
 * for the responder without the world: the listing is as long as the fixtures say (`listingSize` when they
 * leave it open), and the page carries `hasMore`, `nextPage`/`nextCursor`, `count` and `total` to match.
 */
import type { EndpointDefinition, Fixture, RecordedRequest } from '@pdg/core';
import { errorAnswer, type FixtureAnswer } from './answer.js';
import { buildListing, buildPage, decodeCursor, recordedLength } from './listing.js';
import { type EndpointModel, itemsInOrder, requestKey } from './model.js';
import type { ProviderWorld } from './world.js';

type Paging = NonNullable<EndpointDefinition['paging']>;

/** A call as the responder has read it: its params, validated, the request they make, the answer's headers. */
export interface CallParts {
  readonly params: Readonly<Record<string, unknown>>;
  readonly request: RecordedRequest;
  readonly headers: Readonly<Record<string, string>>;
}

/** What cutting a page needs besides the call: the listings kept, their default length, the provider's world. */
export interface ListingSource {
  readonly listingSize: number;
  /** The listing of a question, built once by `build` and kept. */
  readonly listing: (key: string, build: () => unknown[]) => unknown[];
  /** The provider's world, which gives repeated items distinct ids. */
  readonly world?: ProviderWorld;
}

/** The question's whole listing: its fixtures' items in page order, as long as they say, then repeated. */
function questionListing(source: ListingSource, model: EndpointModel, question: readonly Fixture[], call: CallParts) {
  const { endpoint } = model;
  const items = (endpoint.paging as Paging).items;
  return source.listing(`strict ${requestKey(call.request, model.position)}`, () => {
    const pool = itemsInOrder(model, question, items);
    const recorded = recordedLength(endpoint, question, items, model.sizeParam?.name);
    const open = pool.length > 0 ? source.listingSize : 0;
    const length = recorded === undefined ? open : Math.max(recorded, pool.length);
    return buildListing({ pool, length, renumber: (item, round) => source.world?.renumber(item, round) });
  });
}

/** The page size the call asks for, else the documented default, else the largest page a fixture holds. */
export function askedPageSize(model: EndpointModel, params: Readonly<Record<string, unknown>>): number {
  const asked = model.sizeParam ? (params[model.sizeParam.name] ?? model.sizeParam.default) : undefined;
  return typeof asked === 'number' && asked >= 0 ? asked : model.fixturePageSize;
}

/**
 * Where the page starts in the listing: after the items a cursor the fixtures gave stands for, or at
 * `(page - 1) * pageSize`; a cursor no fixture gave is a 400 saying to send back a `nextCursor`.
 */
export function pagePosition(
  model: EndpointModel,
  call: CallParts,
  pageSize: number,
): { offset: number; page?: number } | FixtureAnswer {
  if ((model.endpoint.paging as Paging).kind !== 'cursor') {
    const page = typeof call.params.page === 'number' ? call.params.page : 1;
    return { offset: (page - 1) * pageSize, page };
  }
  const cursor = call.params.cursor;
  const offset = typeof cursor === 'string' ? decodeCursor(cursor, model.cursors) : 0;
  if (offset !== undefined) return { offset };
  return errorAnswer(
    400,
    `Invalid params: cursor "${String(cursor)}" is not a cursor of ${call.request.path} (send back a nextCursor it gave).`,
  );
}

/** The page the call asks for, cut from its question's listing, in the first fixture's envelope. */
export function questionPage(
  source: ListingSource,
  model: EndpointModel,
  question: readonly Fixture[],
  call: CallParts,
): FixtureAnswer {
  const { endpoint } = model;
  const template = question[0] as Fixture;
  const items = questionListing(source, model, question, call);
  const pageSize = askedPageSize(model, call.params);
  const position = pagePosition(model, call, pageSize);
  if (!('offset' in position)) return position;
  const content = (
    endpoint.envelope ? (template.response as { content?: unknown }).content : template.response
  ) as Record<string, unknown>;
  const body = buildPage(endpoint, content, (endpoint.paging as Paging).items, items, {
    offset: position.offset,
    pageSize,
    ...(position.page === undefined ? {} : { page: position.page }),
  });
  return {
    status: 200,
    body: endpoint.envelope ? { ...(template.response as object), content: body } : body,
    headers: call.headers,
    fixture: template,
  };
}
