/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { productDetail, searchItem, shopDetail, shopmart } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof shopmart]>;

// search: a typed page; the count param is the page size, the response count the items on the page.
const search = await pdg.run('marketplace:shopmart', 'search', { q: 'desk lamp', count: 40, sort: 'bestselling' });
expectTypeOf(search.items[0]).toEqualTypeOf<v.InferOutput<typeof searchItem> | undefined>();
expectTypeOf(search.items[0]?.shop?.shopId).toEqualTypeOf<string | undefined>();
expectTypeOf(search.count).toEqualTypeOf<number>();
expectTypeOf(search.totalData).toEqualTypeOf<number | undefined>();
expectTypeOf(search.nextPage).toEqualTypeOf<number | undefined>();
expectTypeOf(search.hasMore).toEqualTypeOf<boolean>();

// product: the product detail, with open strings and nested records.
const product = await pdg.run('marketplace:shopmart', 'product', { url: 'https://www.shopmart.example.test/a/b' });
expectTypeOf(product).toEqualTypeOf<v.InferOutput<typeof productDetail>>();
expectTypeOf(product.status).toEqualTypeOf<string | undefined>();
expectTypeOf(product.category?.breadcrumb?.[0]?.url).toEqualTypeOf<string | undefined>();
expectTypeOf(product.soldText).toEqualTypeOf<number | string | undefined>();

// shop: the shop detail.
const shop = await pdg.run('marketplace:shopmart', 'shop', { shop: 'lantern-goods' });
expectTypeOf(shop).toEqualTypeOf<v.InferOutput<typeof shopDetail>>();
expectTypeOf(shop.tier).toEqualTypeOf<number | undefined>();

// items() yields search items.
expectTypeOf(pdg.items('marketplace:shopmart', 'search', { q: 'desk lamp' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof searchItem>>
>();

// @ts-expect-error 'popular' is not a sort
void pdg.run('marketplace:shopmart', 'search', { q: 'x', sort: 'popular' });
// @ts-expect-error q is required
void pdg.run('marketplace:shopmart', 'search', { count: 20 });
// @ts-expect-error the page size is `count`, not `limit`
void pdg.run('marketplace:shopmart', 'search', { q: 'x', limit: 20 });
// @ts-expect-error url is required
void pdg.run('marketplace:shopmart', 'product', {});
// @ts-expect-error shop is required
void pdg.run('marketplace:shopmart', 'shop', {});
// @ts-expect-error product is not paged
void pdg.pages('marketplace:shopmart', 'product', { url: 'x' });
