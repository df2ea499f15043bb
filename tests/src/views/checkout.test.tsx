// @vitest-environment jsdom
/**
 * The checkout (src/views/buy) over the real reference API behind real Mesh, the app's logic unchanged: what the
 * page shows is what the payment and free-trial machines answer through their facades, never a rule of its own. A
 * full discount leaves nothing due, so no card is asked for; a plan goes to its free trial only when the free-trial
 * machine offers one (and the catalogue says so by the same rule); the pay button is disabled exactly when the
 * payment would not take `user.submit`; the saved cards are the payment's own reading. On a Stripe channel, Stripe.js
 * (the third-party edge, and the only thing faked) confirms with the card element the page handed the payment.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { asksForCard } from '../../../machines/payment/payment.guards';
import { PARTS, PROFILE } from '../../../machines/shared/client-fixtures';
import { createLiveInspection } from '../../../src/app/logic/live-inspection';
import type { LiveInspection } from '../../../src/app/logic/live-shared';
import { CheckoutPage } from '../../../src/views/buy/Checkout';
import { OfferCatalogue } from '../../../src/views/buy/OfferCatalogue';
import { CARDS, type Package, Shop } from '../../server/commerce-helpers';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';
import { type FixtureOptions, LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';
import { fakeStripe } from '../fake-stripe';

let api: TestApi;
let shop: Shop;
let app: TestApp | null = null;
const fake = fakeStripe();

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey());
});

afterAll(async () => {
  await api.close();
});

beforeEach(() => {
  (window as unknown as { Stripe: unknown }).Stripe = fake.Stripe;
  Object.assign(fake.calls, { payments: [], setups: [], mounted: 0 });
});

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

/**
 * The studio's live inspection as the app starts it, also keeping the screen flows' actors by machine id, so a test
 * can ask the payment what it would do (`can`) and read the payloads the studio prints.
 */
function inspected(): { live: LiveInspection; actors: Map<string, AnyActorRef> } {
  const studio = createLiveInspection({ channel: null, where: () => '/buy' });
  const actors = new Map<string, AnyActorRef>();
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') {
      // Every actor of the app is an Actor (with its logic); the inspection API types them loosely.
      const actor = event.actorRef as AnyActorRef & { logic?: { id?: unknown } };
      if (typeof actor.logic?.id === 'string') actors.set(actor.logic.id, actor);
    }
    studio.inspect(event);
  };
  return { live: { ...studio, inspect }, actors };
}

type Viewer = Awaited<ReturnType<Shop['newViewer']>>;
type Target = Parameters<typeof CheckoutPage>[0]['target'];

/** `viewer`, signed in, on the checkout of `target`; the app's actors as the app starts them, its studio listening. */
async function checkout(viewer: Viewer, target: Target, options: Partial<FixtureOptions> = {}) {
  const { live, actors } = inspected();
  app = createTestApp({ viewer: LOGGED_IN, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: viewer.token }, live, ...options });
  await startupSettled(app.actors);
  await renderWithApp(<CheckoutPage target={target} />, app.actors);
  return { actors, live };
}

const hockeyPass = (): Promise<Package> => shop.pass((p) => p.name === 'Hockey Season Pass');
const page = () => screen.getByTestId('checkout');
/** The form's submit, found while the form is hidden too (it stays on the page while the payment is processed). */
const payButton = () => screen.getByRole('button', { name: /^Pay |^Get it free$/, hidden: true }) as HTMLButtonElement;

async function editing(): Promise<void> {
  await waitFor(() => expect(page().getAttribute('data-status')).toBe('editing'), { timeout: 10_000 });
}

describe('the checkout asks the payment machine', () => {
  it('asks for no card once a promo code leaves nothing due, because the payment says no card is needed', async () => {
    const pass = await hockeyPass();
    const { actors } = await checkout(await shop.newViewer('comped'), { type: 'package', id: pass.id });
    await editing();
    const payment = actors.get('payment');
    if (!payment) throw new Error('the payment was not started');
    const agrees = () => {
      const asked = asksForCard(payment.getSnapshot());
      expect(screen.queryByRole('group', { name: 'Payment' }) !== null).toBe(asked);
      expect(payButton().textContent?.startsWith('Pay ')).toBe(asked);
    };
    agrees();
    expect(screen.getByRole('group', { name: 'Payment' })).toBeTruthy();
    expect(payButton().textContent).toBe('Pay $52.49');

    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'STAFFPASS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('$0.00'), { timeout: 10_000 });
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(payButton().textContent).toBe('Get it free');
    agrees();

    // Nothing is due: the order is paid at once, with no card.
    fireEvent.click(payButton());
    await waitFor(() => expect(page().getAttribute('data-status')).toBe('success'), { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'Payment complete' })).toBeTruthy();
  });

  it('disables the pay button exactly when the payment would not take user.submit', async () => {
    const pass = await hockeyPass();
    const { actors } = await checkout(await shop.newViewer('can-submit'), { type: 'package', id: pass.id });
    await editing();
    const payment = actors.get('payment');
    if (!payment) throw new Error('the payment was not started');
    const agrees = () => expect(payButton().disabled).toBe(!payment.getSnapshot().can({ type: 'user.submit' }));
    agrees();
    expect(payButton().disabled).toBe(false);

    // While the code is checked the payment takes no submit, and the button says so at once.
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(payment.getSnapshot().hasTag('applyingPromo')).toBe(true);
    agrees();
    expect(payButton().disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy(), { timeout: 10_000 });
    agrees();
    expect(payButton().disabled).toBe(false);

    // Once it is submitted the payment takes no second one: the (hidden) button is disabled with it.
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
    fireEvent.click(payButton());
    expect(payment.getSnapshot().hasTag('processing')).toBe(true);
    agrees();
    expect(payButton().disabled).toBe(true);
  });

  it("offers the viewer's saved cards as the payment read them, the default first", async () => {
    const viewer = await shop.newViewer('saved-cards');
    const first = await shop.saveCard(viewer.token, CARDS.visa);
    const preferred = await shop.saveCard(viewer.token, CARDS.visa, true);
    const pass = await hockeyPass();
    await checkout(viewer, { type: 'package', id: pass.id });
    await editing();
    const choices = await screen.findByRole('radiogroup', { name: 'Payment' }, { timeout: 10_000 });
    const cards = within(choices).getAllByRole('radio');
    expect(cards.map((card) => card.getAttribute('value'))).toEqual([preferred.id, first.id, 'new']);
  });
});

describe('a saved card is chosen for the viewer', () => {
  it('with one saved card, it is the one chosen: no new card fields, and Pay pays with it', async () => {
    const viewer = await shop.newViewer('one-card');
    const saved = await shop.saveCard(viewer.token, CARDS.visa);
    const pass = await hockeyPass();
    await checkout(viewer, { type: 'package', id: pass.id });
    await editing();
    const choices = await screen.findByRole('radiogroup', { name: 'Payment' }, { timeout: 10_000 });
    await waitFor(() => expect((within(choices).getByRole('radio', { name: /ending in 4242/ }) as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(payButton());
    // The order is opened and the saved card confirmed on it: the payment follows it (it settles in the background).
    await waitFor(() => expect(page().getAttribute('data-status')).toBe('processing'), { timeout: 10_000 });
    expect(screen.queryByText('Please select one of your saved cards or enter new one')).toBeNull();
    await waitFor(async () => expect((await shop.transactions(viewer.token)).map((t) => [t.card_brand, t.card_last4])).toEqual([[saved.brand, saved.last4]]), {
      timeout: 10_000,
    });
  });
});

describe('a plan goes to its free trial only when the free-trial machine offers one', () => {
  it('offers the monthly plan\'s 7-day trial to a viewer who has not had one', async () => {
    const monthly = await shop.plan('monthly');
    const { actors } = await checkout(await shop.newViewer('trial-offered'), { type: 'subscription', id: monthly.id });
    const trial = await screen.findByTestId('trial', {}, { timeout: 10_000 });
    await waitFor(() => expect(trial.getAttribute('data-status')).toBe('offer'), { timeout: 10_000 });
    expect(actors.get('freeTrial')?.getSnapshot().hasTag('offer')).toBe(true);
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeTruthy();
    expect(screen.queryByTestId('checkout')).toBeNull();
  });

  it('sells the monthly plan to a viewer who has had their trial, and the annual plan (no free days) to anyone', async () => {
    const monthly = await shop.plan('monthly');
    const viewer = await shop.newViewer('trial-used');
    api.db.prepare('UPDATE users SET trial_period_used = 1 WHERE id = ?').run(viewer.id);
    const { actors } = await checkout(viewer, { type: 'subscription', id: monthly.id });
    await editing();
    expect(payButton().textContent).toBe('Pay $12.99');
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
    expect(actors.get('freeTrial')?.getSnapshot().value).toBe('trialUsed');
    expect(actors.get('freeTrial')?.getSnapshot().hasTag('buy')).toBe(true);

    cleanup();
    const annual = await shop.plan('annual');
    await renderWithApp(<CheckoutPage target={{ type: 'subscription', id: annual.id }} />, (app as TestApp).actors);
    await editing();
    expect(payButton().textContent).toBe('Pay $129.90');
    // The free-trial machine decided from the plan the page read: no free days, nothing read, bought.
    expect(actors.get('freeTrial')?.getSnapshot().value).toBe('noTrial');
  });

  it('the catalogue says "Start free trial" by the same rule, and "Subscribe" once the trial was had', async () => {
    /** The call to action of a plan's card in the catalogue. */
    const action = async (plan: string) => {
      const name = await screen.findByText(plan, { selector: 'h3' }, { timeout: 10_000 });
      const card = name.closest('article');
      if (!card) throw new Error(`no card for ${plan}`);
      return within(card).getByRole('link').textContent;
    };
    app = createTestApp({ api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey } });
    await startupSettled(app.actors);
    await renderWithApp(<OfferCatalogue />, app.actors);
    expect(await action('All-Access Monthly')).toBe('Start free trial All-Access Monthly');
    expect(await action('All-Access Annual')).toBe('Subscribe All-Access Annual');
    cleanup();
    app.actors.stop();

    const viewer = await shop.newViewer('catalogue-trial-used');
    app = createTestApp({
      viewer: { ...LOGGED_IN, profile: { ...PROFILE, trial_period_used: true } },
      api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: viewer.token },
    });
    await startupSettled(app.actors);
    await renderWithApp(<OfferCatalogue />, app.actors);
    expect(await action('All-Access Monthly')).toBe('Subscribe All-Access Monthly');
  });
});

describe('what the viewer already has is never offered again', () => {
  /** /packages as `viewer`, signed in, sees it. */
  const catalogueFor = async (viewer: Viewer) => {
    app = createTestApp({ viewer: LOGGED_IN, api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: viewer.token } });
    await startupSettled(app.actors);
    await renderWithApp(<OfferCatalogue />, app.actors);
  };

  /** The owned badge of an offer's card in the catalogue, or null. */
  const badge = async (offer: string) => {
    const name = await screen.findByText(offer, { selector: 'h3' }, { timeout: 10_000 });
    return name.closest('article')?.getAttribute('data-standing') ?? null;
  };

  it('a trial subscriber: passes read "Included", and a team pass checkout shows it owned, with no Pay', async () => {
    const viewer = await shop.newViewer('trial-covered');
    const card = await shop.saveCard(viewer.token, CARDS.visa);
    const monthly = await shop.plan('monthly');
    await shop.ok('POST', '/stripe/subscription/start_trial', viewer.token, { body: { subscription_id: monthly.id, setup_intent_id: card.setupIntentId } });
    await catalogueFor(viewer);
    expect(await badge('Hockey Season Pass')).toBe('included');
    expect(await badge("Men's Hockey Team Pass")).toBe('included');
    const season = (await screen.findByText('Hockey Season Pass', { selector: 'h3' })).closest('article') as HTMLElement;
    expect(within(season).getByText('Included')).toBeTruthy();
    expect(within(season).getByText('Your subscription covers it.')).toBeTruthy();
    expect(within(season).queryByText('Purchased')).toBeNull();
    cleanup();
    app?.actors.stop();

    const teamPass = await shop.pass((p) => p.is_team_pass);
    await checkout(viewer, { type: 'package', id: teamPass.id });
    await waitFor(() => expect(page().getAttribute('data-status')).toBe('purchased'), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('a team pass checkout offers only the teams the viewer does not have yet', async () => {
    const viewer = await shop.newViewer('one-team');
    const teamPass = await shop.pass((p) => p.is_team_pass);
    const [first, ...others] = teamPass.participants;
    await shop.purchase(viewer.token, { type: 'package', id: teamPass.id, participant_id: first });
    await checkout(viewer, { type: 'package', id: teamPass.id });
    await editing();
    const picker = screen.getByRole('combobox', { name: 'Your team' }) as HTMLSelectElement;
    const teams = [...picker.options].filter((option) => option.value !== '').map((option) => Number(option.value));
    expect(teams).toEqual(others);
  });

  it('the basic pass chosen in the passes form reads "Your basic pass"; the other one can still be chosen', async () => {
    const viewer = await shop.newViewer('basic-chosen');
    await shop.ok('POST', '/custom-forms/passes', viewer.token, { body: { values: [{ name: 'basic_pass', value: 'free-basic-2023-24' }] } });
    await catalogueFor(viewer);
    expect(await badge('Free Basic Pass 2023-24')).toBe('basicPass');
    expect(await badge('Registered Fan Pass 2023-24')).toBe('available');
    const chosen = (await screen.findByText('Free Basic Pass 2023-24', { selector: 'h3' })).closest('article') as HTMLElement;
    expect(within(chosen).getByText('Your basic pass')).toBeTruthy();
    expect(within(chosen).getByRole('link').textContent).toBe('View details Free Basic Pass 2023-24');
  });
});

describe('on a Stripe channel', () => {
  const KEY = 'pk_test_summit';

  beforeEach(() => {
    api.db.prepare("UPDATE channels SET stripe_publishable_key = ? WHERE alias = 'summit'").run(KEY);
  });

  afterEach(() => {
    api.db.prepare("UPDATE channels SET stripe_publishable_key = NULL WHERE alias = 'summit'").run();
  });

  it('Stripe.js confirms the payment with the card element the page handed the payment, still mounted while it is processed', async () => {
    const pass = await hockeyPass();
    const settings = PARTS.settings && { ...PARTS.settings, stripe_publishable_key: KEY };
    const { live } = await checkout(await shop.newViewer('stripe-buyer'), { type: 'package', id: pass.id }, { parts: { settings } });
    await editing();
    await waitFor(() => expect(fake.calls.mounted).toBe(1), { timeout: 10_000 });
    expect(fake.calls.keys).toContain(KEY);

    await act(async () => {
      fireEvent.click(payButton());
    });
    await waitFor(() => expect(fake.calls.payments).toHaveLength(1), { timeout: 10_000 });
    const [clientSecret, data] = fake.calls.payments[0] ?? [];
    expect(clientSecret).toMatch(/^pi_/);
    expect(data).toEqual({ payment_method: { card: fake.element } });
    expect(page().getAttribute('data-status')).toBe('processing');
    // The form is hidden, not gone: Stripe needs the element mounted while it confirms.
    expect(page().querySelector('[data-stripe-card]')?.closest('[hidden]')).toBeTruthy();

    // The studio heard the card form arrive, and printed nothing of Stripe's objects.
    const payment = live.tabs()[0]?.actors.find((actor) => actor.machine === 'payment');
    expect(payment?.steps.find((step) => step.event === 'stripe.ready')?.payload).toEqual({ cardForm: { provider: 'stripe' } });
  });
});
