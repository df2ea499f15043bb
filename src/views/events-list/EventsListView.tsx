/**
 * The events list (SPEC §2 `/upcoming`, aliases `/vod`, `/live`, `/schedule`): live, upcoming and finished events,
 * one tab per stream status (the path says which: /live, /upcoming, /vod, /schedule for all), the list filters
 * and the other parameters in use, the calendar and the pages. Everything the viewer sets is in the URL, so a reload
 * or a shared link shows the same list; a value the list cannot use is ignored.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useStartupPart } from '../../app/facades/app-load';
import type { FollowTarget } from '../../app/facades/favourites';
import { useAnonymous } from '../../app/facades/session';
import { useCalendar } from '../../app/facades/calendar';
import {
  useCatalogueLayout,
  useEventFilterValues,
  useEventsList,
  useViewItemList,
} from '../../app/facades/catalogue';
import { EventCollection } from '../../components/catalogue/EventCollection';
import { LayoutToggle } from '../../components/catalogue/LayoutToggle';
import { findGroup, flattenCategories } from '../../components/catalogue/catalogue-data';
import * as styles from '../../components/catalogue/catalogue.css';
import { viewedEventList } from '../../components/catalogue/ecommerce';
import {
  EVENTS_PAGE_SIZE,
  type IdFilter,
  LIST_STATUSES,
  type ListQuery,
  type ListStatus,
  STATUS_PATHS,
  type TextFilter,
  eventsListVariables,
  hasFilters,
  listQueryString,
  parseListQuery,
  statusOfPath,
} from '../../components/catalogue/list-query';
import { primaryButton, secondaryButton, visuallyHidden } from '../../components/controls.css';
import { FavouriteButton } from '../../components/favourites/FavouriteButton';
import * as favouriteStyles from '../../components/favourites/favourite.css';
import * as pageStyles from '../../components/page.css';
import { participantDisplayName } from '../../format/event';
import { genderLabel } from '../../format/gender';
import { translator } from '../../i18n/i18n';

const STATUS_LABELS = {
  all: 'catalogue.statusAll',
  live: 'catalogue.statusLive',
  upcoming: 'catalogue.statusUpcoming',
  vod: 'catalogue.statusReplay',
} as const satisfies Record<ListStatus, string>;

/** `YYYY-MM-DD` of a Unix time, in UTC (the calendar's days are UTC days). */
function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The Unix time of a `YYYY-MM-DD` day's start in UTC; null for anything else. */
function dayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : null;
}

interface Option {
  value: string;
  label: string;
}

const unique = (values: ReadonlyArray<string | null | undefined>): string[] =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort((a, b) => a.localeCompare(b));

export function EventsListView() {
  const { t, i18n } = useTranslation();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const status = statusOfPath(path);
  const query = useMemo(() => parseListQuery(search), [search]);
  const groups = useStartupPart('groups');
  const participants = useStartupPart('participants');
  const categoryTree = useStartupPart('categories');
  const categories = useMemo(() => flattenCategories(categoryTree), [categoryTree]);
  const categoryName = (id: number | null) => categories.find((c) => c.id === id)?.name ?? null;
  const anonymous = useAnonymous();
  const [layout, setLayout] = useCatalogueLayout();
  const resultsId = useId();

  const variables = eventsListVariables(query, status, (group) => findGroup(groups, group)?.alias ?? group);
  const list = useEventsList(variables);
  const filterValues = useEventFilterValues();

  const update = (next: ListQuery) => navigate(`${path}${listQueryString(next)}`, { replace: true });
  const firstPage = (next: Partial<ListQuery>): ListQuery => ({ ...query, ...next, offset: 0 });
  const setText = (name: TextFilter, value: string | null) => update(firstPage({ text: { ...query.text, [name]: value } }));
  const setId = (name: IdFilter, value: number | null) => update(firstPage({ ids: { ...query.ids, [name]: value } }));
  const calendar = useCalendar(query.startDate, (startDate) => update(firstPage({ startDate })));

  const events = list.data?.events ?? [];
  const total = list.data?.total ?? 0;
  useViewItemList(
    list.status === 'loaded' && events.length > 0
      ? viewedEventList(`events_${status}`, `Events list: ${status}`, events, categoryName)
      : null,
  );

  // What each select offers: the startup's categories, schools and teams, the API's divisions and venues.
  const present = <T,>(items: ReadonlyArray<T | null> | undefined): T[] => (items ?? []).filter((i): i is T => i !== null);
  const locations = filterValues.data?.locations ?? [];
  const options: Record<'sport' | 'school' | 'team' | 'division' | 'city' | 'state', Option[]> = {
    sport: categories.map((c) => ({ value: c.alias, label: `${'– '.repeat(c.depth)}${c.name}` })),
    school: present(groups?.data).map((g) => ({ value: g.alias, label: participantDisplayName(g.name) })),
    team: present(participants?.data).map((p) => ({ value: p.alias, label: participantDisplayName(p.name) })),
    division: unique(filterValues.data?.properties.find((p) => p.name === 'division')?.values ?? []).map((v) => ({ value: v, label: v })),
    city: unique(locations.map((l) => l.city)).map((v) => ({ value: v, label: v })),
    state: unique(locations.map((l) => l.state)).map((v) => ({ value: v, label: v })),
  };
  const translate = translator(i18n);
  const genderOptions: Option[] = (['male', 'female'] as const).map((g) => ({ value: g, label: genderLabel(g, translate) }));

  // Parameters that arrive from links (slides, a school's page) rather than from a select: shown so they can be removed.
  const chips: Array<{ key: string; label: string; remove(): void }> = [];
  if (query.ids.event_category_id !== null) {
    const id = query.ids.event_category_id;
    chips.push({ key: 'category', label: `${t('catalogue.category')}: ${categoryName(id) ?? id}`, remove: () => setId('event_category_id', null) });
  }
  if (query.ids.participant_id !== null) {
    const id = query.ids.participant_id;
    const team = present(participants?.data).find((p) => p.id === id);
    chips.push({
      key: 'participant',
      label: `${t('catalogue.team')}: ${team ? participantDisplayName(team.name) : id}`,
      remove: () => setId('participant_id', null),
    });
  }
  if (query.ids.location !== null) {
    const id = query.ids.location;
    chips.push({
      key: 'location',
      label: `${t('catalogue.location')}: ${locations.find((l) => l.id === id)?.name ?? id}`,
      remove: () => setId('location', null),
    });
  }
  if (query.text.group !== null) {
    const group = query.text.group;
    chips.push({ key: 'group', label: `${t('catalogue.school')}: ${participantDisplayName(findGroup(groups, group)?.name ?? group)}`, remove: () => setText('group', null) });
  }

  // The school, team and sport the filters picked can be followed from here.
  const followable: Array<FollowTarget & { name: string }> = [];
  const school = query.text.school === null ? null : findGroup(groups, query.text.school);
  if (school) followable.push({ id: school.id, kind: 'school', name: participantDisplayName(school.name) });
  const team = present(participants?.data).find((p) => p.alias === query.text.team);
  if (team) followable.push({ id: team.id, kind: 'team', name: participantDisplayName(team.name) });
  const sport = categories.find((c) => c.alias === query.text.sport);
  if (sport) followable.push({ id: sport.id, kind: 'sport', name: sport.name });

  // Whether the viewer unfolded the filters on a phone (what the page shows, not a flow); how many are set.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = [query.gender, ...Object.values(query.text), query.startDate].filter((value) => value !== null).length;

  const page = Math.floor(query.offset / EVENTS_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE));
  const pageHref = (offset: number) => `${path}${listQueryString({ ...query, offset })}`;

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('pages.schedule')}</h1>

      <nav aria-label={t('catalogue.statusTabs')}>
        <ul className={styles.tabs}>
          {LIST_STATUSES.map((option) => (
            <li key={option}>
              <Link
                href={`${STATUS_PATHS[option]}${listQueryString({ ...query, offset: 0 })}`}
                className={styles.tab}
                aria-current={option === status ? 'page' : undefined}
              >
                {t(STATUS_LABELS[option])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <button
        type="button"
        className={styles.filtersToggle}
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        {activeFilters > 0 ? t('catalogue.filtersCount', { number: activeFilters }) : t('catalogue.filters')}
      </button>
      <form
        id={filtersId}
        className={styles.filters}
        data-open={filtersOpen}
        aria-label={t('catalogue.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          name="gender"
          label={t('catalogue.gender')}
          value={query.gender}
          options={genderOptions}
          onChange={(value) => update(firstPage({ gender: value === 'male' || value === 'female' ? value : null }))}
        />
        <FilterSelect name="sport" label={t('catalogue.sport')} value={query.text.sport} options={options.sport} onChange={(v) => setText('sport', v)} />
        <FilterSelect name="school" label={t('catalogue.school')} value={query.text.school} options={options.school} onChange={(v) => setText('school', v)} />
        <FilterSelect name="team" label={t('catalogue.team')} value={query.text.team} options={options.team} onChange={(v) => setText('team', v)} />
        <FilterSelect
          name="division"
          label={t('catalogue.division')}
          value={query.text.division}
          options={options.division}
          onChange={(v) => setText('division', v)}
        />
        <FilterSelect name="city" label={t('catalogue.city')} value={query.text.city} options={options.city} onChange={(v) => setText('city', v)} />
        <FilterSelect name="state" label={t('catalogue.state')} value={query.text.state} options={options.state} onChange={(v) => setText('state', v)} />
        <DayField
          label={t('catalogue.eventsAfter')}
          // The day the calendar machine holds (its start is that day + 86400 s), not re-derived here.
          value={calendar.chosen === null ? '' : isoDay(calendar.chosen)}
          onChoose={(value) => {
            const day = dayStart(value);
            if (day === null) calendar.reset();
            else calendar.choose(day);
          }}
        />
        {query.startDate !== null && (
          <button type="button" className={secondaryButton} onClick={calendar.reset}>
            {t('catalogue.clearDate')}
          </button>
        )}
      </form>

      {followable.length > 0 && (
        <div className={favouriteStyles.follows}>
          <span className={favouriteStyles.followsLabel} id="follow-filtered">
            {t('favourites.follow')}
          </span>
          <ul className={favouriteStyles.row} aria-labelledby="follow-filtered">
            {followable.map(({ name, ...target }) => (
              <li key={target.kind}>
                <FavouriteButton target={target} name={name} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {(chips.length > 0 || hasFilters(query)) && (
        <div className={styles.toolbar}>
          {chips.length > 0 && (
            <ul className={styles.chips}>
              {chips.map((chip) => (
                <li key={chip.key} className={styles.chip}>
                  <span>{chip.label}</span>
                  <button type="button" className={styles.chipButton} aria-label={t('catalogue.removeFilter', { filter: chip.label })} onClick={chip.remove}>
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className={secondaryButton} onClick={() => navigate(path, { replace: true })}>
            {t('catalogue.clearFilters')}
          </button>
        </div>
      )}

      <section aria-labelledby={resultsId}>
        <div className={styles.toolbar}>
          <h2 id={resultsId} className={visuallyHidden}>
            {t('catalogue.results')}
          </h2>
          {list.status === 'loaded' && <p data-testid="event-count">{t('catalogue.eventCount', { count: total })}</p>}
          <LayoutToggle layout={layout} onChange={setLayout} />
        </div>
        {list.status === 'loading' && (
          <p role="status" className={styles.notice}>
            {t('catalogue.loading')}
          </p>
        )}
        {list.status === 'failed' && (
          <div>
            <p role="alert" className={styles.notice}>
              {t('catalogue.loadFailed')}
            </p>
            <button type="button" className={primaryButton} onClick={list.retry}>
              {t('shell.retry')}
            </button>
          </div>
        )}
        {list.status === 'loaded' && events.length === 0 && <p className={styles.notice}>{t('catalogue.noEvents')}</p>}
        {list.status === 'loaded' && events.length > 0 && (
          <EventCollection events={events} layout={layout} headingLevel={3} anonymous={anonymous} categoryName={categoryName} />
        )}
        {list.status === 'loaded' && (page > 1 || total > query.offset + EVENTS_PAGE_SIZE) && (
          <nav aria-label={t('catalogue.pagination')} className={styles.pager}>
            {page > 1 && (
              <Link href={pageHref(Math.max(0, query.offset - EVENTS_PAGE_SIZE))} className={secondaryButton}>
                {t('catalogue.previousPage')}
              </Link>
            )}
            <span>{t('catalogue.pageOf', { page, pages: Math.max(pages, page) })}</span>
            {total > query.offset + EVENTS_PAGE_SIZE && (
              <Link href={pageHref(query.offset + EVENTS_PAGE_SIZE)} className={secondaryButton}>
                {t('catalogue.nextPage')}
              </Link>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

interface FilterSelectProps {
  name: string;
  label: string;
  value: string | null;
  options: Option[];
  onChange(value: string | null): void;
}

/** A labelled select with "Any" first; a value from the URL that no option has is still shown, so it can be cleared. */
function FilterSelect({ name, label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const all = value !== null && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className={styles.control} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t('catalogue.any')}</option>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DayField({ label, value, onChoose }: { label: string; value: string; onChoose(value: string): void }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="day" type="date" className={styles.control} value={value} onChange={(event) => onChoose(event.target.value)} />
    </div>
  );
}
