import {
  eventCategoryTree,
  type EventFilters,
  type EventSort,
  getEvent,
  homepageEvents,
  listEvents,
  listFavoriteEvents,
  listLocations,
  listParticipantGroups,
  listParticipants,
  type ParticipantFilters,
  participantGroupProperties,
} from '../domain/catalogue';
import { type Handlers, viewerOf } from '../http/context';
import { pagedList, pageFrom, wholeList } from '../http/paging';

const EVENTS_DEFAULT_LIMIT = 20;
const PARTICIPANTS_DEFAULT_LIMIT = 50;

export const catalogueHandlers: Handlers = {
  listEvents(ctx) {
    const page = pageFrom(ctx.query, EVENTS_DEFAULT_LIMIT);
    const { rows, total } = listEvents(ctx.services.db, ctx.channel, ctx.viewer?.id ?? null, ctx.query as EventFilters & EventSort, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getEvent(ctx) {
    return getEvent(ctx.services.db, ctx.channel, ctx.viewer?.id ?? null, ctx.params['id'] as number, ctx.now);
  },

  listEventCategories(ctx) {
    return wholeList(eventCategoryTree(ctx.services.db, ctx.channel.id));
  },

  getHomepageEvents(ctx) {
    return homepageEvents(ctx.services.db, ctx.channel, ctx.viewer?.id ?? null, ctx.query['group'] as string | undefined, ctx.now);
  },

  listFavoriteEvents(ctx) {
    const page = pageFrom(ctx.query, EVENTS_DEFAULT_LIMIT);
    const { rows, total } = listFavoriteEvents(ctx.services.db, ctx.channel, viewerOf(ctx).id, ctx.query as EventFilters & EventSort, page, ctx.now);
    return pagedList(rows, total, page);
  },

  listEventLocations(ctx) {
    return wholeList(listLocations(ctx.services.db, ctx.channel.id));
  },

  listParticipants(ctx) {
    const page = pageFrom(ctx.query, PARTICIPANTS_DEFAULT_LIMIT);
    const { rows, total } = listParticipants(ctx.services.db, ctx.channel.id, ctx.query as ParticipantFilters, page);
    return pagedList(rows, total, page);
  },

  listParticipantGroups(ctx) {
    return wholeList(listParticipantGroups(ctx.services.db, ctx.channel.id));
  },

  listParticipantGroupProperties(ctx) {
    return wholeList(participantGroupProperties(ctx.services.db, ctx.channel.id));
  },
};
