/** The build settings the app reads (Vite replaces each `import.meta.env.VITE_*` with its value at build time). */
interface ImportMetaEnv {
  /** `off` leaves the statechart studio out of the build (src/app/routes.ts). */
  readonly VITE_STATECHARTS?: string;
}

/** The statechart studio's data, laid out at build time (vite.config.ts). */
declare module 'virtual:statecharts' {
  import type { StudioMachine } from '../../statecharts/studio-data';

  const machines: readonly StudioMachine[];
  export default machines;
}

/** Each machine's QA paths and the transitions they cover, computed at build time; one chunk per machine. */
declare module 'virtual:statecharts/paths' {
  import type { StudioPaths } from '../../statecharts/paths-data';

  export const pathLoaders: Readonly<Record<string, () => Promise<{ default: StudioPaths }>>>;
}

/**
 * The Playwright spec of each machine with a UI map (machines/ui-maps.ts), as `npm run paths -- <name> --format
 * playwright` prints it, generated at build time; one chunk per machine, fetched when the studio exports it.
 */
declare module 'virtual:statecharts/specs' {
  export const specLoaders: Readonly<Record<string, () => Promise<{ default: string }>>>;
}
