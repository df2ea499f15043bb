// @vitest-environment jsdom
/**
 * Which route a path belongs to (the shell preloads the first page's view by it), and what preloading buys: a view
 * whose chunk is in renders at once, without going through its Suspense fallback.
 */
import { cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeOfPath } from '../../../src/app/routes';
import { createTestApp, renderWithApp, startupSettled } from '../app-actors-fixture';

afterEach(cleanup);

describe('routeOfPath', () => {
  it.each([
    ['/', '/'],
    ['/watch/12', '/watch/:id'],
    ['/watch_embed/12/', '/watch_embed/:id'],
    ['/vod_library', '/vod_library'],
    ['/vod_library/7', '/vod_library/:vod_id'],
    ['/live', '/live'],
    ['/profile/clips', '/profile/clips'],
    ['/share/3/5b0f7c1e-2d4a-4c8e-9f61-0a7d3e2b9c44', '/share/:id/:uuid'],
  ])('%s is the route %s', (path, pattern) => {
    expect(routeOfPath(path)?.path).toBe(pattern);
  });

  it.each(['/watch', '/watch/', '/watch/12/more', '/nowhere', '/about-us'])('%s is no built-in route', (path) => {
    expect(routeOfPath(path)).toBeUndefined();
  });
});

// Each test renders a view no other test rendered: once a lazy view has resolved, React never suspends on it again.
describe('a route view', () => {
  const fallback = <p>waiting for the view</p>;

  it('suspends while its chunk is not in, then shows', async () => {
    const app = createTestApp();
    await startupSettled(app.actors);
    const View = routeOfPath('/contacts')!.view;
    await renderWithApp(
      <Suspense fallback={fallback}>
        <View />
      </Suspense>,
      app.actors,
    );
    expect(screen.getByText('waiting for the view')).toBeTruthy();
    // The chunk is transformed on first import: on a busy machine that takes seconds.
    expect(await screen.findByRole('heading', { name: 'Contact us' }, { timeout: 10_000 })).toBeTruthy();
    app.actors.stop();
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const View = routeOfPath('/faq')!.view;
    await View.preload();
    const app = createTestApp();
    await startupSettled(app.actors);
    await renderWithApp(
      <Suspense fallback={fallback}>
        <View />
      </Suspense>,
      app.actors,
    );
    // Straight after the first render: a lazy view would show its fallback here, even with its chunk loaded.
    expect(screen.queryByText('waiting for the view')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    app.actors.stop();
  });
});
