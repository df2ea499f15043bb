/**
 * The VOD library (SPEC §2 /vod_library: rails, categories, a title search) and the VOD item route
 * (/vod_library/:vod_id: the item, its player and "More in {category}"). What is shown is kept in the address
 * (`?category_id=`, `?title=`, `?offset=`), so it can be shared, reloaded and gone back to.
 */
import { lazy, Suspense, useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { VodCategory, VodListQuery, VodMedia, VodPage } from '../../../machines/resource/vod.reads';
import { useVodItem, useVodLibrary, useVodList, useVodRelated } from '../../app/facades/vod';
import { primaryButton, secondaryButton, visuallyHidden } from '../../components/controls.css';
import * as pageStyles from '../../components/page.css';
import { VodCardList, VodRail } from '../../components/vod/VodRail';
import { formatVodDate, formatVodDuration, vodDateAttribute, vodDurationAttribute } from '../../components/vod/vod-format';
import { libraryHref, parseLibraryQuery, parseVodId, VOD_LIBRARY_PATH } from './vod-url';
import * as styles from './vod-views.css';

// The player and its machine load with the first item page, not with the library; with the resume offer over it.
const Player = lazy(async () => ({ default: (await import('../watch/ResumeOffer')).PlayerWithResume }));

// ------------------------------------------------------------------ the library

export function VodLibraryView() {
  const { t } = useTranslation();
  const search = useSearch();
  const query = useMemo(() => parseLibraryQuery(search), [search]);
  const library = useVodLibrary();
  const category = query.categoryId === null ? null : (library.categories.find((c) => c.id === query.categoryId) ?? null);
  // A category the channel does not have (an old or mistyped link) reads as none, once the categories are known.
  const categoryId = query.categoryId !== null && (library.status !== 'loaded' || category !== null) ? query.categoryId : null;
  const listQuery: VodListQuery | null =
    query.title !== null
      ? { kind: 'search', title: query.title, offset: query.offset }
      : categoryId !== null
        ? { kind: 'category', categoryId, offset: query.offset }
        : null;

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('pages.vodLibrary')}</h1>
      <SearchForm title={query.title} />
      {library.status === 'failed' && <Failure text={t('vod.loadFailed')} retry={library.retry} />}
      {library.status === 'loaded' && library.categories.length > 0 && (
        <CategoryNav categories={library.categories} current={query.title === null ? categoryId : null} />
      )}
      {listQuery ? (
        <VodResults query={listQuery} heading={listQuery.kind === 'search' ? t('vod.resultsFor', { title: listQuery.title }) : (category?.name ?? t('vod.category'))} />
      ) : (
        <>
          {library.status === 'loading' && (
            <p role="status" className={styles.status}>
              {t('vod.loading')}
            </p>
          )}
          {library.status === 'loaded' && library.rails.every((rail) => rail.vod_media_items.length === 0) && (
            <p className={pageStyles.lead}>{t('vod.emptyLibrary')}</p>
          )}
          {library.rails
            .filter((rail) => rail.vod_media_items.length > 0)
            .map((rail) => (
              <VodRail key={rail.id} title={rail.title} items={rail.vod_media_items} />
            ))}
        </>
      )}
    </div>
  );
}

/** The title search: sent on submit (not per keystroke), kept in the address as `?title=`. */
function SearchForm({ title }: { title: string | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('title');
    const words = typeof value === 'string' ? value.trim() : '';
    // A new search starts at its first page and leaves the category: the search covers the whole library.
    navigate(libraryHref({ title: words === '' ? null : words }));
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <div className={styles.searchField}>
        <label htmlFor={inputId} className={styles.searchLabel}>
          {t('vod.searchLabel')}
        </label>
        {/* Uncontrolled; the key resets it to the address's words when they change (back, clear, another search). */}
        <input
          key={title ?? ''}
          id={inputId}
          className={styles.searchInput}
          type="search"
          name="title"
          defaultValue={title ?? ''}
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <button type="submit" className={primaryButton}>
        {t('vod.searchSubmit')}
      </button>
      {title !== null && (
        <Link href={VOD_LIBRARY_PATH} className={styles.clearSearch}>
          {t('vod.clearSearch')}
        </Link>
      )}
    </form>
  );
}

/** The categories as links (`?category_id=`), each parent followed by its sub-categories. */
function CategoryNav({ categories, current }: { categories: readonly VodCategory[]; current: number | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const ordered = useMemo(() => treeOrder(categories), [categories]);
  return (
    <nav className={styles.categories} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('vod.categories')}
      </h2>
      <ul className={styles.chips}>
        <li>
          <Link href={VOD_LIBRARY_PATH} className={styles.chip} aria-current={current === null ? 'page' : undefined}>
            {t('vod.allCategories')}
          </Link>
        </li>
        {ordered.map((category) => (
          <li key={category.id}>
            <Link href={libraryHref({ categoryId: category.id })} className={styles.chip} aria-current={current === category.id ? 'page' : undefined}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Depth first: each category, then its children. A child whose parent is missing is listed at the top level. */
function treeOrder(categories: readonly VodCategory[]): VodCategory[] {
  const ids = new Set(categories.map((c) => c.id));
  const childrenOf = (parent: number | null) =>
    categories.filter((c) => (parent === null ? c.parent_id === null || !ids.has(c.parent_id) : c.parent_id === parent));
  const out: VodCategory[] = [];
  const seen = new Set<number>();
  const visit = (category: VodCategory) => {
    if (seen.has(category.id)) return; // a cycle in the data must not hang the page
    seen.add(category.id);
    out.push(category);
    childrenOf(category.id).forEach(visit);
  };
  childrenOf(null).forEach(visit);
  return out;
}

/** A page of a category's items or of search results, with previous/next (`?offset=`). */
function VodResults({ query, heading }: { query: VodListQuery; heading: string }) {
  const { t } = useTranslation();
  const { status, page, retry } = useVodList(query);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {heading}
      </h2>
      {status === 'loading' && (
        <p role="status" className={styles.status}>
          {t('vod.loading')}
        </p>
      )}
      {status === 'failed' && <Failure text={t('vod.loadFailed')} retry={retry} />}
      {status === 'loaded' && page && <ResultsPage query={query} page={page} />}
    </section>
  );
}

function ResultsPage({ query, page }: { query: VodListQuery; page: VodPage }) {
  const { t } = useTranslation();
  const at = (offset: number): string =>
    libraryHref(query.kind === 'search' ? { title: query.title, offset } : { categoryId: query.categoryId, offset });
  if (page.total === 0) {
    return <p className={pageStyles.lead}>{query.kind === 'search' ? t('vod.noResults', { title: query.title }) : t('vod.emptyCategory')}</p>;
  }
  if (page.items.length === 0) {
    // An offset past the end (an old link, or hand-edited): say so and offer the first page.
    return (
      <p className={pageStyles.lead}>
        {t('vod.pageEmpty')} <Link href={at(0)}>{t('vod.firstPage')}</Link>
      </p>
    );
  }
  const limit = Math.max(page.limit, 1);
  const previous = page.offset > 0 ? Math.max(0, page.offset - limit) : null;
  const next = page.offset + page.items.length < page.total ? page.offset + limit : null;
  return (
    <>
      <p role="status" className={styles.status}>
        {t('vod.range', { from: page.offset + 1, to: page.offset + page.items.length, total: page.total })}
      </p>
      <VodCardList items={page.items} />
      {(previous !== null || next !== null) && (
        <nav className={styles.pager} aria-label={t('vod.pagination')}>
          {previous !== null && (
            <Link href={at(previous)} className={secondaryButton} rel="prev">
              {t('vod.previousPage')}
            </Link>
          )}
          {next !== null && (
            <Link href={at(next)} className={secondaryButton} rel="next">
              {t('vod.nextPage')}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function Failure({ text, retry }: { text: string; retry(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failure}>
      <p role="alert" className={styles.message}>
        {text}
      </p>
      <button type="button" className={primaryButton} onClick={retry}>
        {t('shell.retry')}
      </button>
    </div>
  );
}

// ------------------------------------------------------------------ the item

export function VodItemView() {
  const params = useParams<{ vod_id: string }>();
  const id = parseVodId(params.vod_id);
  return id === null ? <VodNotFound /> : <VodItem id={id} />;
}

function VodItem({ id }: { id: number }) {
  const { t } = useTranslation();
  const { status, item, notFound, retry } = useVodItem(id);
  if (notFound) return <VodNotFound />;
  if (!item) {
    return (
      <section className={pageStyles.page}>
        <h1 className={pageStyles.title}>{t('pages.vodItem')}</h1>
        {status === 'failed' ? (
          <Failure text={t('vod.itemFailed')} retry={retry} />
        ) : (
          <p role="status" className={styles.status}>
            {t('vod.itemLoading')}
          </p>
        )}
        <BackToLibrary />
      </section>
    );
  }
  return <VodItemPage item={item} />;
}

function VodItemPage({ item }: { item: VodMedia }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={pageStyles.page}>
      <h1 className={pageStyles.title}>{item.title}</h1>
      <p className={styles.itemMeta}>
        <time dateTime={vodDateAttribute(item.date)}>{formatVodDate(item.date, i18n.language)}</time>
        <span>
          <span className={visuallyHidden}>{t('vod.duration')} </span>
          <time dateTime={vodDurationAttribute(item.duration)}>{formatVodDuration(item.duration)}</time>
        </span>
      </p>
      <div className={styles.playerFrame}>
        {/* The empty slot keeps the 16/9 place while the player's chunk loads. */}
        <Suspense fallback={<div data-player-slot="vod" className={styles.playerSlot} />}>
          <Player source={{ kind: 'vod', id: item.id }} />
        </Suspense>
      </div>
      {item.description.trim() !== '' && <p className={styles.description}>{item.description}</p>}
      {item.category_id !== null && <MoreInCategory categoryId={item.category_id} excludeId={item.id} />}
      <BackToLibrary />
    </article>
  );
}

/** "More in {category}": the category's other items, as a rail. Nothing when it has none. */
function MoreInCategory({ categoryId, excludeId }: { categoryId: number; excludeId: number }) {
  const { t } = useTranslation();
  const { status, categoryName, items, retry } = useVodRelated({ categoryId, excludeId });
  const headingId = useId();
  if (status === 'loading') {
    return (
      <p role="status" className={styles.status}>
        {t('vod.loading')}
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t('vod.moreVideos')}
        </h2>
        <Failure text={t('vod.relatedFailed')} retry={retry} />
      </section>
    );
  }
  if (items.length === 0) return null;
  return <VodRail title={categoryName === null ? t('vod.moreVideos') : t('vod.moreIn', { category: categoryName })} items={items} />;
}

function VodNotFound() {
  const { t } = useTranslation();
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('vod.notFound')}</h1>
      <p className={pageStyles.lead}>{t('vod.notFoundHint')}</p>
      <BackToLibrary />
    </section>
  );
}

function BackToLibrary() {
  const { t } = useTranslation();
  return (
    <p className={styles.back}>
      <Link href={VOD_LIBRARY_PATH}>{t('vod.backToLibrary')}</Link>
    </p>
  );
}
