// The API's offset-paged lists ({data, pagination: {limit, offset, total}}, limit 1..100), read one of two ways:
// a page at a time for a list screen (its offset in the URL, the previous page kept on screen while the next loads),
// or every page for what must be shown whole (a gallery's order) or looked up in (teammates' names by id).
import { keepPreviousData, type QueryKey } from "@tanstack/react-query";

/** A list screen's page size. */
export const PAGE_SIZE = 50;
/** The most the API returns in one page. */
const MAX_LIMIT = 100;

export interface PageQuery {
  limit: number;
  offset: number;
}

export interface Page<T> {
  data: T[];
  pagination: { limit: number; offset: number; total: number };
}

/** Query options for one page: `useQuery(pageQuery(keys.list(storeId, { offset }), offset, (page) => …))`. */
export function pageQuery<R>(queryKey: QueryKey, offset: number, fetchPage: (page: PageQuery) => Promise<R>, limit = PAGE_SIZE) {
  return { queryKey, queryFn: () => fetchPage({ limit, offset }), placeholderData: keepPreviousData };
}

/** Every item of a list: the first page says the total, the other pages are then fetched together. */
export async function allPages<T>(fetchPage: (page: PageQuery) => Promise<Page<T>>): Promise<T[]> {
  const first = await fetchPage({ limit: MAX_LIMIT, offset: 0 });
  const offsets: number[] = [];
  for (let offset = MAX_LIMIT; offset < first.pagination.total; offset += MAX_LIMIT) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => fetchPage({ limit: MAX_LIMIT, offset })));
  return [first, ...rest].flatMap((page) => page.data);
}
