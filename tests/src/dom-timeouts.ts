/**
 * Vitest setup for every suite: in the DOM suites (those that ask for jsdom in their first line), Testing Library's
 * `waitFor` and `findBy…` wait up to 10 s instead of 1 s. The view suites render the app over the real API through
 * real Mesh, and with a suite per core on a 2-core machine an answer can take more than a second; a view that is
 * right shows it at once either way, so a larger limit only costs time when something is really broken.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

// A module (for the top-level await), with nothing to export.
export {};
