/**
 * One listing per provider and kind of record, which every derived listing selects from. The listing
 * endpoints whose fixtures list the same records (an item equal on two endpoints, items of the same fields)
 * share one listing of their records: each record once (by its id field where the records have one), in
 * the order the fixtures list them, then copies with distinct ids up to the listing size where an endpoint
 * is paged. A call no fixture records is answered with the records of that listing its params keep, so a
 * filtered listing is a subset of the unfiltered one, a record has the same fields on every endpoint, and
 * totals count what a walk yields.
 *
 * A question the fixtures record is answered from the same listing: its recorded records first, in their
 * order (so its pages agree with its fixtures), then the other records its params keep. Only where it is
 * asked by params no record carries (a topic the items do not hold) do its own fixtures alone answer it.
 */
import { describeParams } from '@pdg/core/describe';
import { listOf, rankFieldOf, recordedLength } from './listing.js';
import { type EndpointModel, itemsInOrder } from './model.js';
import { isBody, type ProviderWorld } from './world.js';

type Body = Record<string, unknown>;

/** The listing an endpoint shares with the others that list the same records. */
export interface SharedListing {
  /** Every record, each once, copies included. */
  readonly records: readonly unknown[];
  /** The identity of a record: its id field's value where the records have one, else its JSON. */
  readonly identity: (item: unknown) => string;
  /** The field of the endpoint's bodies that holds its list. */
  readonly field: string;
  /** A field holding each record's place in a listing (a chart's `rank`), set anew in every listing. */
  readonly rankField?: string;
  /**
   * What the endpoint pre-binds (remote-jobs' `workArrangement: 'REMOTE'`): an enum param another endpoint of
   * the listing offers and this one does not, whose one value keeps every record this endpoint's fixtures list.
   */
  readonly preset: Readonly<Record<string, unknown>>;
}

/** One endpoint's part in building the listings: its list field and its items in listing order. */
interface Lister {
  readonly model: EndpointModel;
  readonly field: string;
  readonly items: readonly unknown[];
}

const keysOf = (item: unknown) => (isBody(item) ? Object.keys(item).sort().join() : '');
const json = (item: unknown) => JSON.stringify(item);

/** The field of a paged endpoint's items, else the one list of records a non-paged endpoint's bodies hold. */
function listFieldOf(model: EndpointModel, bodies: readonly unknown[]): string | undefined {
  if (model.endpoint.paging) return model.endpoint.paging.items;
  const fields = new Set<string>();
  for (const body of bodies) {
    if (!isBody(body)) continue;
    for (const [field, value] of Object.entries(body)) {
      if (Array.isArray(value) && value.length > 0 && value.every(isBody)) fields.add(field);
    }
  }
  return fields.size === 1 ? [...fields][0] : undefined;
}

/**
 * The field that names each record: one every record carries with a scalar value that differs between
 * the records of any one fixture's list (`jobId`), preferring the fields ids are looked up by, then `id`.
 */
function idFieldOf(listers: readonly Lister[], preferred: readonly string[]): string | undefined {
  const items = listers.flatMap((lister) => lister.items);
  const [first] = items;
  if (!isBody(first)) return undefined;
  const candidates = [
    ...preferred.filter((field) => !field.includes('.')),
    'id',
    ...Object.keys(first).filter((field) => field.endsWith('Id')),
  ];
  const scalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  return candidates.find((field) => {
    if (!items.every((item) => isBody(item) && scalar(item[field]))) return false;
    return listers.every((lister) =>
      lister.model.ok.every((fixture) => {
        const values = listOf(lister.model.endpoint, fixture, lister.field).map((item) => (item as Body)[field]);
        return new Set(values).size === values.length;
      }),
    );
  });
}

/** Groups of listers that share records: an item equal on both, and items of the same fields. */
function groupsOf(listers: readonly Lister[]): Lister[][] {
  const groups: Lister[][] = [];
  for (const lister of listers) {
    const own = new Set(lister.items.map(json));
    const fields = keysOf(lister.items[0]);
    const joined = groups.filter(
      (group) =>
        keysOf(group[0]?.items[0]) === fields && group.some((other) => other.items.some((item) => own.has(json(item)))),
    );
    const merged = [lister, ...joined.flat()];
    for (const group of joined) groups.splice(groups.indexOf(group), 1);
    groups.push(merged);
  }
  // Provider order within a group, so the first endpoint's records lead the listing.
  const order = new Map(listers.map((lister, index) => [lister, index]));
  return groups.map((group) => group.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));
}

export class ProviderListings {
  readonly #world: ProviderWorld;
  readonly #listingSize: number;
  readonly #byEndpoint = new Map<string, SharedListing>();

  constructor(world: ProviderWorld, models: readonly EndpointModel[], listingSize: number) {
    this.#world = world;
    this.#listingSize = listingSize;
    const listers: Lister[] = [];
    for (const model of models) {
      if (world.keyOf(model.endpointName) !== undefined) continue;
      const recorded = model.ok.filter((fixture) => fixture !== model.empty);
      const field = listFieldOf(
        model,
        recorded.map((fixture) => (model.endpoint.envelope ? (fixture.response as Body).content : fixture.response)),
      );
      if (field === undefined) continue;
      const items = itemsInOrder(model, recorded, field);
      if (items.length > 0 && items.every(isBody)) listers.push({ model, field, items });
    }
    for (const group of groupsOf(listers)) {
      const listing = this.#build(group);
      for (const lister of group) {
        const preset = this.#presetOf(lister, group, listing.records);
        this.#byEndpoint.set(lister.model.endpointName, { ...listing, field: lister.field, preset });
      }
    }
  }

  /** The listing an endpoint selects from, if its fixtures list records. */
  of(endpointName: string): SharedListing | undefined {
    return this.#byEndpoint.get(endpointName);
  }

  /** What an endpoint pre-binds, read from what its fixtures list (see `SharedListing.preset`). */
  #presetOf(lister: Lister, group: readonly Lister[], records: readonly unknown[]): Record<string, unknown> {
    const preset: Record<string, unknown> = {};
    // Two items at least: one item agrees with some value of every field.
    if (group.length < 2 || lister.items.length < 2) return preset;
    const offered = new Set(describeParams(lister.model.endpoint).map((param) => param.name));
    const others = group.filter((other) => other !== lister);
    for (const param of others.flatMap((other) => describeParams(other.model.endpoint))) {
      const { name, type, values = [] } = param;
      if (type !== 'enum' || offered.has(name) || name in preset || !this.#world.applies(name, records)) continue;
      const keepingAll = values.filter(
        (value) => this.#world.filter(lister.items, { [name]: value }).length === lister.items.length,
      );
      const [value] = keepingAll;
      if (keepingAll.length !== 1 || this.#world.filter(records, { [name]: value }).length === records.length) continue;
      preset[name] = value;
    }
    return preset;
  }

  #build(group: readonly Lister[]): Omit<SharedListing, 'field' | 'preset'> {
    const world = this.#world;
    const rankField = rankFieldIn(group);
    const idField = idFieldOf(group, world.idPaths());
    const identity = idField === undefined ? json : (item: unknown) => String((item as Body)[idField]);
    const records: unknown[] = [];
    const seen = new Set<string>();
    for (const lister of group) {
      for (const item of lister.items) {
        const id = identity(item);
        if (seen.has(id)) continue;
        seen.add(id);
        records.push(item);
      }
    }
    const paged = group.some((lister) => lister.model.endpoint.paging !== undefined);
    // As long as the listing size, or as the longest listing a question's fixtures record (a total of 600).
    const size = Math.max(this.#listingSize, ...group.map(longestRecorded));
    const all = paged ? this.#extended(records, rankField, size) : records;
    return { records: all, identity, ...(rankField === undefined ? {} : { rankField }) };
  }

  /**
   * The records, then copies of them with distinct ids (round 2, 3, ...) up to the listing size: only of
   * records whose ids a copy changes (or that hold a rank, set anew in each listing).
   */
  #extended(records: readonly unknown[], rankField: string | undefined, size: number): unknown[] {
    const all = [...records];
    const copyable = records.filter(
      (item) => rankField !== undefined || json(this.#world.renumber(item, 2)) !== json(item),
    );
    for (let round = 2; all.length < size && copyable.length > 0; round++) {
      for (const item of copyable) {
        if (all.length >= size) break;
        all.push(this.#world.renumber(item, round));
      }
    }
    return all;
  }
}

/**
 * A field that is each item's place (1, 2, 3, ...) in every question's listing of two items or more, one of
 * them three long at least: a chart's `rank`, not a count that happens to run 1, 2 on one short page.
 */
function rankFieldIn(group: readonly Lister[]): string | undefined {
  const listings = group.flatMap(({ model, field }) =>
    [...model.questions.values()].map((question) => itemsInOrder(model, question, field)),
  );
  const ranked = listings.filter((items) => items.length >= 2);
  if (!ranked.some((items) => items.length >= 3)) return undefined;
  const fields = new Set(ranked.map(rankFieldOf));
  const [found] = fields;
  return fields.size === 1 ? found : undefined;
}

/** The longest listing any question of the endpoint's fixtures records (0 where they leave all open). */
function longestRecorded({ model, field }: Lister): number {
  const lengths = [...model.questions.values()].map(
    (question) => recordedLength(model.endpoint, question, field, model.sizeParam?.name) ?? 0,
  );
  return Math.max(0, ...lengths);
}
