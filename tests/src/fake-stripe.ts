/** Stripe.js as the views' tests replace it: the third-party edge, and the only thing they fake. */

type Confirmation = [clientSecret: string, data: Record<string, unknown>];

/**
 * A fake Stripe.js: what @stripe/react-stripe-js and the adapter call, recording the confirmations. One per test
 * file, as the page has one: Stripe.js is loaded once per page and per key. Put it on `window.Stripe`, where
 * `loadStripe` finds Stripe's script.
 */
export function fakeStripe() {
  const calls = { payments: [] as Confirmation[], setups: [] as Confirmation[], keys: [] as string[], mounted: 0 };
  const answer = { error: null as { message: string } | null };
  const element = {
    mount: () => {
      calls.mounted += 1;
    },
    destroy: () => undefined,
    unmount: () => undefined,
    update: () => undefined,
    on: () => element,
    off: () => element,
    once: () => element,
    // Like Stripe's own objects, it holds a way back to itself and to the page: nothing may walk it to print it.
    parent: null as unknown,
  };
  element.parent = { element, page: globalThis };
  const elements = {
    create: () => element,
    getElement: (type: unknown) => (type === 'card' || (type as { __elementType?: string } | null)?.__elementType === 'card' ? element : null),
    update: () => undefined,
  };
  const stripe = {
    elements: () => elements,
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async (...args: Confirmation) => {
      calls.payments.push(args);
      return answer.error ? { error: answer.error } : { paymentIntent: { status: 'succeeded' } };
    },
    confirmCardSetup: async (...args: Confirmation) => {
      calls.setups.push(args);
      return answer.error ? { error: answer.error } : { setupIntent: { status: 'succeeded' } };
    },
  };
  // The release train Stripe.js announces itself with (the one @stripe/stripe-js 10 expects).
  const Stripe = Object.assign(
    (key: string) => {
      calls.keys.push(key);
      return stripe;
    },
    { version: 'endive' },
  );
  return { Stripe, calls, element, answer };
}
