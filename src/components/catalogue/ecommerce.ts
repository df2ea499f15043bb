/** The ecommerce items of a list of events (SPEC §7 view_item_list). Pure. */
import type { CatalogueEvent } from '../../../machines/resource/catalogue.reads';
import type { EcommerceItem, ViewedItemList } from '../../../machines/analytics-session/analytics-session.types';
import { eventTitle } from '../../format/event';

/**
 * A list as the tag manager receives it: each event with its base price in major units (the API's cents / 100) and
 * its currency, and its category's name. Names stay in the API's words: analytics reads the same in every language.
 */
export function viewedEventList(
  id: string,
  name: string,
  events: readonly CatalogueEvent[],
  categoryName: (id: number | null) => string | null,
): ViewedItemList {
  return {
    item_list_id: id,
    item_list_name: name,
    items: events.map((event): EcommerceItem => {
      const category = categoryName(event.event_category_id);
      return {
        item_id: String(event.id),
        item_name: eventTitle(event),
        price: event.type === 'paid' ? event.base_price / 100 : 0,
        currency: event.currency.toUpperCase(),
        ...(category === null ? {} : { item_category: category }),
      };
    }),
  };
}
