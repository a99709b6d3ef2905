import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { shopmart } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([shopmart], fixtures);

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
};

const lampUrl = 'https://www.shopmart.example.test/lantern-goods/brass-desk-lamp-e27-adjustable-arm';

describe('marketplace:shopmart search (page paging)', () => {
  it('items() walks every page of the listing, keeping the count param, and stops at hasMore: false', async () => {
    const products = await collect(pdg.items('marketplace:shopmart', 'search', { q: 'desk lamp', count: 4 }));
    expect(products).toHaveLength(10);
    expect(new Set(products.map((product) => product.productId)).size).toBe(10);
    expect(gateway().requests.map((request) => request.query)).toEqual([
      { q: 'desk lamp', count: '4' },
      { q: 'desk lamp', count: '4', page: '2' },
      { q: 'desk lamp', count: '4', page: '3' },
    ]);
  });

  it('the count param is the page size; the response count is the items on the page', async () => {
    const pages = await collect(pdg.pages('marketplace:shopmart', 'search', { q: 'desk lamp', count: 4 }));
    expect(pages.map((page) => [page.page, page.count, page.items.length, page.hasMore, page.nextPage])).toEqual([
      [1, 4, 4, true, 2],
      [2, 4, 4, true, 3],
      [3, 2, 2, false, undefined],
    ]);
    expect(pages.map((page) => [page.totalData, page.totalDataText, page.query])[2]).toEqual([
      10,
      '10 products',
      'desk lamp',
    ]);
  });

  it('maxItems stops the walk without fetching the page after the last item needed', async () => {
    const products = await collect(
      pdg.items('marketplace:shopmart', 'search', { q: 'desk lamp', count: 4 }, { maxItems: 6 }),
    );
    expect(products.map((product) => product.name)).toHaveLength(6);
    expect(gateway().requests).toHaveLength(2);
  });

  it('sort cheapest is sent as given and orders by price', async () => {
    const result = await pdg.run('marketplace:shopmart', 'search', { q: 'brass desk lamp', sort: 'cheapest' });
    expect(result.items.map((product) => product.price)).toEqual([319000, 489000, 899000]);
    expect(gateway().requests[0]?.query).toEqual({ q: 'brass desk lamp', sort: 'cheapest' });
  });

  it('no match is an empty page, not an error, and items() yields nothing after one request', async () => {
    const result = await pdg.run('marketplace:shopmart', 'search', { q: 'zzqx lamp shade 9000' });
    expect([result.count, result.items, result.hasMore, result.totalData]).toEqual([0, [], false, 0]);
    expect(await collect(pdg.items('marketplace:shopmart', 'search', { q: 'zzqx lamp shade 9000' }))).toEqual([]);
    expect(gateway().requests).toHaveLength(2);
  });

  it('refuses a page size above 60, naming the param, and sends nothing', async () => {
    const error = await pdg
      .run('marketplace:shopmart', 'search', { q: 'desk lamp', count: 61 })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && [error.code, error.issues?.map((issue) => issue.path)]).toEqual([
      'INVALID_PARAMS',
      ['count'],
    ]);
    expect(gateway().requests).toEqual([]);
  });
});

describe('marketplace:shopmart product and shop', () => {
  it('a search item opens as a product, whose shop opens as a shop, with the same ids', async () => {
    const { items } = await pdg.run('marketplace:shopmart', 'search', { q: 'desk lamp', count: 4 });
    const item = items[0];
    expect(item?.url).toBe(lampUrl);
    const product = await pdg.run('marketplace:shopmart', 'product', { url: item?.url ?? '' });
    expect([product.productId, product.shop?.shopId, product.category?.id]).toEqual([
      item?.productId,
      item?.shop?.shopId,
      item?.categoryId,
    ]);
    const shop = await pdg.run('marketplace:shopmart', 'shop', { shop: 'lantern-goods' });
    expect([shop.url, shop.name, shop.tier]).toEqual([product.shop?.url, product.shop?.name, item?.shop?.tier]);
    expect(gateway().requests[1]).toEqual({ path: '/v1/marketplace:shopmart/product', query: { url: lampUrl } });
  });

  it('the product detail carries its nested records', async () => {
    const product = await pdg.run('marketplace:shopmart', 'product', { url: lampUrl });
    expect(product.category?.breadcrumb?.map((step) => step.name)).toEqual(['Home & Living', 'Lighting', 'Desk Lamps']);
    expect(product.specs?.[2]).toEqual({ label: 'Lamp socket', value: 'E27' });
    expect(product.images).toHaveLength(3);
    expect(product.images?.[0]?.thumbnail).toMatch(/^https:\/\/images\.shopmart\.example\.test\//);
    expect([product.isOfficialStore, product.isPowerMerchant, product.createdAt]).toEqual([
      true,
      false,
      '2024-03-11T09:24:15+07:00',
    ]);
  });

  it('status, weightUnit and condition are open: a value the spec has not seen passes', async () => {
    const product = await pdg.run('marketplace:shopmart', 'product', { url: lampUrl });
    expect([product.status, product.weightUnit, product.condition]).toEqual(['ACTIVE', 'KILOGRAM', 'NEW']);
    gateway().reply('marketplace:shopmart', 'product', {
      body: { ...product, status: 'INACTIVE', weightUnit: 'GRAM', weight: 900, condition: 'USED' },
    });
    const other = await pdg.run('marketplace:shopmart', 'product', { url: lampUrl });
    expect([other.status, other.weightUnit, other.condition]).toEqual(['INACTIVE', 'GRAM', 'USED']);
  });

  it('a shop is found by its URL as well as by its domain name', async () => {
    const shop = await pdg.run('marketplace:shopmart', 'shop', {
      shop: 'https://www.shopmart.example.test/oakline-home',
    });
    expect([shop.name, shop.tier]).toEqual(['Oakline Home', 2]);
    expect(gateway().requests[0]?.query).toEqual({ shop: 'https://www.shopmart.example.test/oakline-home' });
  });

  it("the shop's undocumented fields pass through", async () => {
    gateway().reply('marketplace:shopmart', 'shop', {
      body: { url: 'https://www.shopmart.example.test/pixel-nook', name: 'Pixel Nook', tier: 1, openSince: 2019 },
    });
    const shop = await pdg.run('marketplace:shopmart', 'shop', { shop: 'pixel-nook' });
    expect(shop).toMatchObject({ name: 'Pixel Nook', openSince: 2019 });
    expect(shop.cover).toBeUndefined();
  });
});
