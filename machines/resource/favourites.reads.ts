/**
 * The games of the viewer's favourite teams, schools and sports (SPEC §7 GET /events/favorite): what is live now,
 * then what comes next, soonest first. Read from the client itself, never through the store cache: the answer is
 * the viewer's own and changes with every star they click.
 */
import { FavoriteEventsDocument } from '../../mesh/client/generated/documents/FavoriteEvents';
import type { CatalogueEvent } from './catalogue.reads';
import { defineRead, present } from './read';

/** How many of their games the home rail shows. */
const FAVOURITE_GAMES = 12;

/**
 * `followed` names what the viewer follows (e.g. `participant:4,group:2`): the API knows it from the session, so it
 * is not sent, but a change of it is a new read, so the rail follows a star as soon as it is clicked.
 */
export const favouriteGamesRead = defineRead<string, CatalogueEvent[]>('favouriteGames', async ({ client }, _followed, signal) => {
  const ask = (streamStatus: 'live' | 'upcoming') =>
    client.request(
      FavoriteEventsDocument,
      { streamStatus, limit: FAVOURITE_GAMES, sortField: 'event_utc_ts', sortDirection: 'asc' },
      { signal },
    );
  const [live, upcoming] = await Promise.all([ask('live'), ask('upcoming')]);
  return [...present(live.events?.data), ...present(upcoming.events?.data)].slice(0, FAVOURITE_GAMES);
});
