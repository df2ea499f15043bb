/**
 * The pages of this visit, for the navigation rules and for views that send the viewer back where they were
 * (SPEC §2: "The previous page is remembered (full URL, last path, query and params), except for authentication
 * pages"). A plain store outside React: the router records, views read.
 */
import { AUTH_PATHS } from './navigation-rules';

export interface PageRecord {
  /** The full URL. */
  url: string;
  path: string;
  /** The query string, without `?`. */
  query: string;
  /** The query's parameters. */
  params: Readonly<Record<string, string>>;
}

export interface PageHistory {
  /** Records the page being shown; ignores a repeat of the current one. */
  record(page: PageRecord): void;
  /**
   * The path the viewer came from to reach `url` (the /buy rule looks at it): the current record while `url` is not
   * recorded yet, the one before it once it is.
   */
  fromPathOf(url: string): string | null;
  /** The last page shown before the current one that was not an authentication page. */
  previousPage(): PageRecord | null;
}

export function createPageHistory(): PageHistory {
  let current: PageRecord | null = null;
  let last: PageRecord | null = null;
  let previous: PageRecord | null = null;
  return {
    record(page) {
      if (current?.url === page.url) return;
      if (current) {
        last = current;
        if (!AUTH_PATHS.has(current.path)) previous = current;
      }
      current = page;
    },
    fromPathOf: (url) => (current && current.url !== url ? current.path : (last?.path ?? null)),
    previousPage: () => previous,
  };
}

/** The record of a location. */
export function pageRecordOf(url: URL): PageRecord {
  return {
    url: url.href,
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    params: Object.fromEntries(url.searchParams),
  };
}
