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
 *
 * What the fixtures close stays closed: a question whose fixtures record its whole listing (a total, or a
 * last page) holds exactly those records, on every page size. A record its params keep but its fixtures do
 * not list is left out, and no copy is made that its params would keep. Only questions that pick records by
 * what the records carry close anything: not a text query (which fields a search reads, the fixtures do
 * not say), nor params no record carries, nor a question of an endpoint that lists a part of the records
 * the mock cannot tell (fresh-grad-jobs' experience): only the group's first endpoint and those whose
 * pre-bound value is read (`preset`) close.
 */

import type { Fixture } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';
import { listOf, rankFieldOf, recordedLength } from './listing.js';
import { type EndpointModel, itemsInOrder } from './model.js';
import { isBody, type ProviderWorld } from './world.js';

type Body = Record<string, unknown>;

/** A question whose fixtures record its whole listing: the params that pick its records, and their identities. */
interface ClosedQuestion {
  readonly filters: Readonly<Record<string, unknown>>;
  readonly identities: ReadonlySet<string>;
}

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
    for (const group of groupsOf(listers)) this.#share(group);
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

  /** Builds the group's one listing and gives it to each of its endpoints, with what each pre-binds. */
  #share(group: readonly Lister[]): void {
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
    const presets = new Map(group.map((lister) => [lister, this.#presetOf(lister, group, records)]));
    const closing = group.filter((lister, index) => index === 0 || Object.keys(presets.get(lister) ?? {}).length > 0);
    const closed = closing.flatMap((lister) =>
      this.#closedQuestions(lister, presets.get(lister) ?? {}, identity, records),
    );
    const keeps = (question: ClosedQuestion, item: unknown) =>
      world.filter([item], question.filters, () => question.identities.has(identity(item))).length > 0;
    // A record a closed question's params keep belongs to its recorded listing, or to none.
    const kept = records.filter((item) =>
      closed.every((question) => question.identities.has(identity(item)) || !keeps(question, item)),
    );
    const paged = group.some((lister) => lister.model.endpoint.paging !== undefined);
    // As long as the listing size, or as the longest listing a question's fixtures record (a total of 600).
    const size = Math.max(this.#listingSize, ...group.map(longestRecorded));
    const copyable = (copy: unknown) => !closed.some((question) => keeps(question, copy));
    const all = paged ? this.#extended(kept, rankField, size, copyable) : kept;
    for (const lister of group) {
      this.#byEndpoint.set(lister.model.endpointName, {
        records: all,
        identity,
        field: lister.field,
        preset: presets.get(lister) ?? {},
        ...(rankField === undefined ? {} : { rankField }),
      });
    }
  }

  /** The questions of an endpoint whose fixtures record their whole listing, by params the records carry. */
  #closedQuestions(
    { model, field }: Lister,
    preset: Readonly<Record<string, unknown>>,
    identity: (item: unknown) => string,
    records: readonly unknown[],
  ): ClosedQuestion[] {
    const closed: ClosedQuestion[] = [];
    for (const question of model.questions.values()) {
      const items = itemsInOrder(model, question, field);
      if (recordedLength(model.endpoint, question, field, model.sizeParam?.name) !== items.length) continue;
      const asked = Object.entries((question[0] as Fixture).params).filter(([name]) => !model.position.has(name));
      const carried = asked.filter(([name]) => this.#world.applies(name, records));
      if (asked.length > carried.length || asked.some(([name]) => this.#world.isText(name))) continue;
      const filters = { ...preset, ...Object.fromEntries(carried) };
      closed.push({ filters, identities: new Set(items.map(identity)) });
    }
    return closed;
  }

  /**
   * The records, then copies of them with distinct ids (round 2, 3, ...) up to `size`: only of records whose
   * ids a copy changes (or that hold a rank, set anew in each listing), and whose copy no closed question keeps.
   */
  #extended(
    records: readonly unknown[],
    rankField: string | undefined,
    size: number,
    copyable: (copy: unknown) => boolean,
  ): unknown[] {
    const all = [...records];
    const sources = records.filter(
      (item) =>
        (rankField !== undefined || json(this.#world.renumber(item, 2)) !== json(item)) &&
        copyable(this.#world.renumber(item, 2)),
    );
    for (let round = 2; all.length < size && sources.length > 0; round++) {
      for (const item of sources) {
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
