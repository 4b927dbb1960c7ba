import type { SpecDefaults } from '../core/spec-facts/spec-defaults';

/** The paging query of a list operation (components/parameters Offset and Limit). */
export interface PageQuery {
  readonly offset?: number;
  readonly limit?: number;
}

/** Where a page's `links.next` points: the operation's own path under the mock's base path. */
export interface PageAt {
  readonly basePath: string;
  readonly path: string;
  readonly defaults: SpecDefaults['page'];
}

/** A list body: a window of `data`, the link to the next one, and how many there are in all. */
export interface ListPage<Item> {
  readonly data: readonly Item[];
  readonly links: { readonly next: string | null };
  readonly total_count: number;
}

/**
 * The one paging of the mock's list operations: with neither `offset` nor `limit` the full list;
 * otherwise a window (the defaults from the spec's Offset and Limit parameters) and `links.next` to
 * the next one while one is left, at the operation's own path.
 */
export function listPage<Item>(all: readonly Item[], query: PageQuery, at: PageAt): ListPage<Item> {
  if (query.offset === undefined && query.limit === undefined) {
    return { data: all, links: { next: null }, total_count: all.length };
  }
  const offset = query.offset ?? at.defaults.offset;
  const limit = query.limit ?? at.defaults.limit;
  const nextOffset = offset + limit;
  const next = nextOffset < all.length ? `${at.basePath}${at.path}?offset=${nextOffset}&limit=${limit}` : null;
  return { data: all.slice(offset, nextOffset), links: { next }, total_count: all.length };
}
