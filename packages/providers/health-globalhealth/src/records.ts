/**
 * The global-health records (document 3, section 2.2). Indicator observation rows and indicator
 * catalogue rows are not described by the spec (its documented responses are empty lists): they are open
 * records, every field kept as sent.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A country. */
export const country = record({
  /** ISO 3166 alpha-3 code: what `indicator-data`'s `country` filter matches. */
  code: v.string(),
  /** Country name. */
  name: v.string(),
  /** Code of the country's region. */
  regionCode: v.string(),
  /** Name of the country's region. */
  regionName: v.string(),
});

/** A value of a dimension, usable as `dim1`..`dim3` of `indicator-data`. */
export const dimensionValue = record({
  /** Value code. */
  code: v.string(),
  /** Value title. */
  title: v.string(),
  /** The dimension the value belongs to. */
  dimension: v.string(),
  /** Code of the parent value. */
  parentCode: v.string(),
  /** Title of the parent value. */
  parentTitle: v.string(),
  /** Dimension of the parent value. */
  parentDimension: v.string(),
});

/** A dimension: a filterable field of `indicator-data`. */
export const dimension = record({
  /** Dimension code: the path param of `dimension-values`. */
  code: v.string(),
  /** Dimension title. */
  title: v.string(),
});

/** A region. Regions are top-level, so `parentCode` and `parentName` are absent. */
export const region = record({
  /** Region code: the `region` param of `countries` and `indicator-data`. */
  code: v.string(),
  /** Region name. */
  name: v.string(),
  /** The dimension regions belong to. */
  dimension: v.string(),
  /** Always absent (null): regions are top-level. */
  parentCode: v.string(),
  /** Always absent (null): regions are top-level. */
  parentName: v.string(),
});

/** An indicator observation: fields not described by the spec, kept as sent. */
export const observation = v.looseObject({});

/** An indicator of the catalogue: fields not described by the spec, kept as sent. */
export const indicator = v.looseObject({});
