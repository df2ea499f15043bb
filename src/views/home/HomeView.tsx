/**
 * Home (SPEC §2 `/`): the channel's slides, rails of live, upcoming and finished events and the VOD library's rails.
 * `?group=` (a participant group's alias or name) shows that school's events only, under its name. A logged-in
 * viewer sees a "Your teams" rail of their favourites' live and next games, and their events first in each rail.
 * Events show as rails that move on by themselves (grid) or as lists, as the viewer chose.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { CatalogueEvent, HomeContent } from '../../../machines/resource/catalogue.reads';
import { favouriteGamesRead } from '../../../machines/resource/favourites.reads';
import { useStartupPart } from '../../app/facades/app-load';
import {
  type CatalogueLayout,
  useCatalogueLayout,
  useHomeContent,
  useViewItemList,
} from '../../app/facades/catalogue';
import { useChannelName } from '../../app/facades/channel';
import { useFavouritesOrder, useFollowedKey } from '../../app/facades/favourites';
import { useRead } from '../../app/facades/read';
import { useAnonymous } from '../../app/facades/session';
import { EventCard } from '../../components/catalogue/EventCard';
import { EventCollection } from '../../components/catalogue/EventCollection';
import { LayoutToggle } from '../../components/catalogue/LayoutToggle';
import { Rail } from '../../components/catalogue/Rail';
import { HeroSlide, SlideCard, VodCard, leadsToLiveGame, slideTarget } from '../../components/catalogue/SlideCard';
import { findGroup, flattenCategories } from '../../components/catalogue/catalogue-data';
import * as styles from '../../components/catalogue/catalogue.css';
import { viewedEventList } from '../../components/catalogue/ecommerce';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { FavouriteButton } from '../../components/favourites/FavouriteButton';
import * as pageStyles from '../../components/page.css';
import { participantDisplayName } from '../../format/event';
import { ContinueWatching } from './ContinueWatching';

/** The three event rails, in the order they show; ids and names are what the tag manager receives. */
const SECTIONS = [
  { key: 'live', title: 'catalogue.railLive', listName: 'Home: live now' },
  { key: 'upcoming', title: 'catalogue.railUpcoming', listName: 'Home: coming up' },
  { key: 'vod', title: 'catalogue.railReplays', listName: 'Home: replays' },
] as const satisfies ReadonlyArray<{ key: keyof Pick<HomeContent, 'live' | 'upcoming' | 'vod'>; title: string; listName: string }>;

type SectionKey = (typeof SECTIONS)[number]['key'];

export function HomeView() {
  const { t } = useTranslation();
  const search = useSearch();
  const groupParam = new URLSearchParams(search).get('group')?.trim() || null;
  const groups = useStartupPart('groups');
  const group = groupParam === null ? null : findGroup(groups, groupParam);
  const channelName = useChannelName();
  const categoryTree = useStartupPart('categories');
  const categories = useMemo(() => flattenCategories(categoryTree), [categoryTree]);
  const categoryName = (id: number | null) => categories.find((c) => c.id === id)?.name ?? null;
  const anonymous = useAnonymous();
  const [layout, setLayout] = useCatalogueLayout();
  const { status, data, retry } = useHomeContent(groupParam);

  const favouritesFirst = useFavouritesOrder(categories);
  const sections = useMemo(() => {
    const ordered: Record<SectionKey, CatalogueEvent[]> = { live: [], upcoming: [], vod: [] };
    if (data) for (const { key } of SECTIONS) ordered[key] = favouritesFirst(data[key]);
    return ordered;
  }, [data, favouritesFirst]);

  // One view_item_list per rail shown (SPEC §7); the id says which rail and, on a group's page, which group.
  const listId = (key: SectionKey) => (groupParam === null ? `home_${key}` : `home_${key}_${group?.alias ?? groupParam}`);
  const shown = (key: SectionKey) => {
    const section = SECTIONS.find((s) => s.key === key)!;
    return status === 'loaded' && sections[key].length > 0
      ? viewedEventList(listId(key), section.listName, sections[key], categoryName)
      : null;
  };
  useViewItemList(shown('live'));
  useViewItemList(shown('upcoming'));
  useViewItemList(shown('vod'));

  const heading = groupParam === null ? (channelName ?? t('pages.home')) : participantDisplayName(group?.name ?? groupParam);
  const groupAlias = (id: number) => groups?.data.find((g) => g?.id === id)?.alias ?? null;
  const notFound = data?.groupNotFound === true;
  const noEvents = status === 'loaded' && SECTIONS.every(({ key }) => sections[key].length === 0);
  // The first slide is the hero; the others make the "Featured" rail.
  const [hero, ...featured] = data?.slides ?? [];

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.titleRow}>
        <h1 className={pageStyles.title}>{heading}</h1>
        <LayoutToggle layout={layout} onChange={setLayout} />
      </div>
      {groupParam !== null && (
        <p className={styles.toolbar}>
          <Link href="/" className={secondaryButton}>
            {t('catalogue.clearGroup')}
          </Link>
          {!notFound && (
            <Link href={`/schedule?group=${encodeURIComponent(group?.alias ?? groupParam)}`} className={secondaryButton}>
              {t('catalogue.groupEvents', { name: heading })}
            </Link>
          )}
          {group && <FavouriteButton target={{ id: group.id, kind: 'school' }} name={participantDisplayName(group.name)} />}
        </p>
      )}

      {status === 'loading' && (
        <p role="status" className={styles.notice}>
          {t('catalogue.loading')}
        </p>
      )}
      {notFound && (
        <p role="alert" className={styles.notice}>
          {t('catalogue.groupNotFound', { group: groupParam })}
        </p>
      )}
      {status === 'failed' && (
        <div>
          <p role="alert" className={styles.notice}>
            {t('catalogue.loadFailed')}
          </p>
          <button type="button" className={primaryButton} onClick={retry}>
            {t('shell.retry')}
          </button>
        </div>
      )}

      {status === 'loaded' && data && !notFound && (
        <>
          {hero && (
            <HeroSlide slide={hero} href={slideTarget(hero, groupAlias)} live={leadsToLiveGame(slideTarget(hero, groupAlias), data.live)} />
          )}
          {featured.length > 0 && (
            <Rail title={t('catalogue.featured')}>
              {featured.map((slide) => (
                <SlideCard key={slide.id} slide={slide} href={slideTarget(slide, groupAlias)} />
              ))}
            </Rail>
          )}
          {groupParam === null && <ContinueWatching />}
          {groupParam === null && <FavouriteGames layout={layout} anonymous={anonymous} categoryName={categoryName} />}
          {noEvents && <p className={styles.notice}>{t('catalogue.homeEmpty')}</p>}
          {SECTIONS.map(({ key, title }) =>
            sections[key].length === 0 ? null : (
              <EventSection
                key={key}
                title={t(title)}
                events={sections[key]}
                layout={layout}
                anonymous={anonymous}
                categoryName={categoryName}
              />
            ),
          )}
          {data.vodRails.map((rail) => (
            <Rail key={`vod-${rail.id}`} title={rail.title}>
              {rail.vod_media_items.map((item) => (item === null ? null : <VodCard key={item.id} item={item} />))}
            </Rail>
          ))}
        </>
      )}
    </div>
  );
}

/**
 * "Your teams": the live and next games of what the viewer follows (GET /events/favorite), first on home. Nothing
 * for a visitor, for a viewer who follows nothing, or while they are read.
 */
function FavouriteGames(props: Omit<EventSectionProps, 'title' | 'events'>) {
  const followed = useFollowedKey();
  if (followed === '') return null;
  return <FavouriteGamesRail followed={followed} {...props} />;
}

function FavouriteGamesRail({ followed, ...props }: Omit<EventSectionProps, 'title' | 'events'> & { followed: string }) {
  const { t } = useTranslation();
  const { data } = useRead(favouriteGamesRead, followed);
  if (!data || data.length === 0) return null;
  return <EventSection title={t('favourites.rail')} events={data} {...props} />;
}

interface EventSectionProps {
  title: string;
  events: CatalogueEvent[];
  layout: CatalogueLayout;
  anonymous: boolean;
  categoryName(id: number | null): string | null;
}

/** A rail of event cards in the grid layout, a titled list in the list layout. */
function EventSection({ title, events, layout, anonymous, categoryName }: EventSectionProps) {
  if (layout === 'grid') {
    return (
      <Rail title={title}>
        {events.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            layout="grid"
            headingLevel={3}
            anonymous={anonymous}
            categoryName={categoryName(event.event_category_id)}
          />
        ))}
      </Rail>
    );
  }
  return (
    <section className={styles.rail} aria-label={title} data-testid="event-section">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <EventCollection events={events} layout="list" headingLevel={3} anonymous={anonymous} categoryName={categoryName} />
    </section>
  );
}
