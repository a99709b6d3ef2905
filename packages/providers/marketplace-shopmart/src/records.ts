/**
 * The marketplace's records (document 1, section 2.5).
 *
 * Ids (`productId`, `shopId`, `categoryId`, category and breadcrumb `id`) are strings, as the spec types
 * `productId`, `shopId` and `categoryId`. Prices are numbers beside a display text (`priceText`). Fields
 * whose values the spec only samples ("`ACTIVE` appears") are open strings.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A label shown on a product card (a promotion, a badge). */
export const productLabel = record({
  /** Label text. */
  title: v.string(),
  /** Where the card shows the label. Its type is not documented: a string or a number. */
  position: v.union([v.string(), v.number()]),
});

/** Search item: one product in a `search` page. */
export const searchItem = record({
  /** Product page URL: the `url` param of `product`. */
  url: v.string(),
  /** Product name. */
  name: v.string(),
  /** The shop selling the product. */
  shop: record({
    /** Shop page URL: accepted as the `shop` param of `shop`. */
    url: v.string(),
    /** City the shop ships from. */
    city: v.string(),
    /** Shop name. */
    name: v.string(),
    /** Shop tier, a number (what each value means is not documented). */
    tier: v.number(),
    /** Shop id, a string. */
    shopId: v.string(),
  }),
  /** Product image URL. */
  image: v.string(),
  /** Product image URL, 300-pixel version. */
  image300: v.string(),
  /** Price, a number. */
  price: v.number(),
  /** Price as displayed (currency and separators included). */
  priceText: v.string(),
  /** Labels shown on the product card. */
  labels: v.array(productLabel),
  /** Rating, a number. */
  rating: v.number(),
  /** Product id, a string: the `productId` of the product detail. */
  productId: v.string(),
  /** Category id, a string. */
  categoryId: v.string(),
  /** Category name. */
  categoryName: v.string(),
});

/** One step of a category's breadcrumb, from the top category down. */
export const breadcrumbStep = record({
  /** Category id. */
  id: v.string(),
  /** Category page URL. */
  url: v.string(),
  /** Category name. */
  name: v.string(),
});

/** One product image in its three sizes. */
export const productImage = record({
  /** Largest version's URL. */
  maxRes: v.string(),
  /** Original image URL. */
  original: v.string(),
  /** Thumbnail URL. */
  thumbnail: v.string(),
});

/** Product detail: the product a `product` call returns. */
export const productDetail = record({
  /** Product page URL. */
  url: v.string(),
  /** Product name. */
  name: v.string(),
  /** The shop selling the product. */
  shop: record({
    /** Shop page URL: accepted as the `shop` param of `shop`. */
    url: v.string(),
    /** Shop name. */
    name: v.string(),
    /** Shop id, a string: the `shop.shopId` of search items. */
    shopId: v.string(),
  }),
  /** The product's URL name (slug). */
  alias: v.string(),
  /** Price, a number. */
  price: v.number(),
  /** Price as displayed (currency and separators included). */
  priceText: v.string(),
  /** Specifications, as label/value pairs. */
  specs: v.array(
    record({
      /** What is specified (such as brand or material). */
      label: v.string(),
      /** Its value. */
      value: v.string(),
    }),
  ),
  /** Units in stock. */
  stock: v.number(),
  /** Product images, each in three sizes. */
  images: v.array(productImage),
  /** Rating, a number. */
  rating: v.number(),
  /** Listing status: `ACTIVE` appears; other values are not documented, so any string is accepted. */
  status: v.string(),
  /** Shipping weight, in `weightUnit`. */
  weight: v.number(),
  /** Unit of `weight`: `KILOGRAM` appears; other values are not documented, so any string is accepted. */
  weightUnit: v.string(),
  /** The product's category. */
  category: record({
    /** Category id: the `categoryId` of search items. */
    id: v.string(),
    /** Category name. */
    name: v.string(),
    /** The category's path from the top category down. */
    breadcrumb: v.array(breadcrumbStep),
  }),
  /** Most units one order may hold. */
  maxOrder: v.number(),
  /** Fewest units one order must hold. */
  minOrder: v.number(),
  /**
   * Units sold, as displayed. The spec lists it among the numbers though its name says text, so a
   * number or a string is accepted.
   */
  soldText: v.union([v.number(), v.string()]),
  /** Units sold. */
  soldCount: v.number(),
  /** Number of discussion (question) threads about the product. */
  talkCount: v.number(),
  /** Number of reviews. */
  reviewCount: v.number(),
  /** Item condition: `NEW` appears; other values are not documented, so any string is accepted. */
  condition: v.string(),
  /** When the product was listed, ISO 8601 with offset. */
  createdAt: v.string(),
  /** Whether the product is a variant of another. */
  isVariant: v.boolean(),
  /** Whether the shop is an official store. */
  isOfficialStore: v.boolean(),
  /** Whether the shop is a power merchant. */
  isPowerMerchant: v.boolean(),
  /** Product id, a string: the `productId` of search items. */
  productId: v.string(),
  /** Product description (written by the shop). */
  description: v.string(),
  /** Default image URL. */
  defaultImage: v.string(),
});

/**
 * Shop detail: the shop a `shop` call returns. The spec documents five fields and says the remaining ones
 * are not shown: they pass through untyped (read them with `validate: 'off'` or by index).
 */
export const shopDetail = record({
  /** Shop page URL. */
  url: v.string(),
  /** Shop name. */
  name: v.string(),
  /** Shop tier, a number (what each value means is not documented). */
  tier: v.number(),
  /** Cover image URL. */
  cover: v.string(),
  /** Avatar image URL. */
  avatar: v.string(),
});
