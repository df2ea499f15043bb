/**
 * The host APIs mesh/client relies on, declared by hand for its own typecheck (mesh/client/tsconfig.json).
 *
 * The folder compiles with `"lib": ["esnext"]` and no `@types/node`, so neither the DOM (window, document,
 * localStorage) nor Node (process, Buffer) can creep in. What it does need exists the same way in every browser
 * and in Node 20: fetch (through an injected function), AbortSignal with its `timeout` and `any`, timers, and
 * `crypto.randomUUID` (browsers have it in secure contexts: HTTPS and localhost). These
 * declarations are the subset of the WHATWG signatures that this folder and graphql-request's own type declarations
 * (`typeof fetch`, `RequestInit`, `HeadersInit`, `Headers`, `Response`) use, written so that the real DOM and Node
 * types satisfy them. The root typecheck does not load this file: there, the same code is checked against Node's full types.
 */

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

declare const AbortSignal: {
  prototype: AbortSignal;
  /** A signal that aborts after `ms` with a `TimeoutError` DOMException as its reason. */
  timeout(ms: number): AbortSignal;
  /** A signal that aborts as soon as one of `signals` does, with that one's reason. */
  any(signals: AbortSignal[]): AbortSignal;
};

interface Headers {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(callback: (value: string, name: string) => void): void;
}

type HeadersInit = Headers | Record<string, string> | Array<[string, string]>;

interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | null;
  signal?: AbortSignal | null;
}

interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  text(): Promise<string>;
}

/** graphql-request hands fetch a URL object; a string works too. */
declare function fetch(input: string | { readonly href: string }, init?: RequestInit): Promise<Response>;

/** A timer handle: a number in browsers, an object in Node; only ever handed back to clearTimeout. */
interface TimerHandle {
  readonly __timerHandle?: never;
}

declare function setTimeout(callback: () => void, ms: number): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;

/** Web Crypto's one member the client's callers use: a fresh idempotency key per purchase intent (machines/). */
declare const crypto: { randomUUID(): string };
