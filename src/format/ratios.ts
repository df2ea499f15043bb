/** SPEC.md §2 and §9: the video player's aspect ratio (16/9, about 1.7778). */
export const VIDEO_ASPECT_RATIO = 16 / 9;

/** SPEC.md §9: an event card's width over its height (about 1.777, a hair under 16/9). */
export const EVENT_CARD_RATIO = 1.777;
