import { afterEach, describe, expect, it } from 'vitest';
import { followHistoryChanges, lastHistoryChange, scrollsToTop } from '../../../src/app/scroll-on-navigation';

describe('scrolling to the top on a location change', () => {
  const at = (path: string, search = '') => ({ path, search });

  it('opens a new page at the top, however the address changed', () => {
    expect(scrollsToTop(null, at('/faq'), 'replaceState')).toBe(true);
    expect(scrollsToTop(at('/'), at('/faq'), 'pushState')).toBe(true);
    // A redirect of the navigation flow replaces the address with another page.
    expect(scrollsToTop(at('/buy'), at('/login'), 'replaceState')).toBe(true);
  });

  it('keeps the scroll when a page replaces only its own query (a filter, a simulated step)', () => {
    expect(scrollsToTop(at('/statecharts/payment', 'view=simulate'), at('/statecharts/payment', 'view=simulate&sim=0'), 'replaceState')).toBe(false);
  });

  it('scrolls up for a pushed query (the next results page) and keeps still when nothing changed', () => {
    expect(scrollsToTop(at('/vod_library', 'page=1'), at('/vod_library', 'page=2'), 'pushState')).toBe(true);
    expect(scrollsToTop(at('/vod_library', 'page=2'), at('/vod_library', 'page=2'), 'pushState')).toBe(false);
  });

  describe('how the address changed', () => {
    let stop = () => {};
    afterEach(() => stop());

    it('is heard from the history events wouter dispatches and from the browser', () => {
      // The window in the browser; any event target in Node.
      const page = new EventTarget();
      stop = followHistoryChanges(page);
      page.dispatchEvent(new Event('replaceState'));
      expect(lastHistoryChange()).toBe('replaceState');
      page.dispatchEvent(new Event('popstate'));
      expect(lastHistoryChange()).toBe('popstate');
      page.dispatchEvent(new Event('pushState'));
      expect(lastHistoryChange()).toBe('pushState');
      stop();
      page.dispatchEvent(new Event('replaceState'));
      expect(lastHistoryChange()).toBe('pushState');
    });
  });
});
