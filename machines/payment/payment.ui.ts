/**
 * The payment's UI map (machines/shared/machine-ui.ts): how each step of the payment's model paths is done on the
 * real checkout and test stack, for its generated spec (tests/e2e/generated/payment.paths.e2e.ts). A fresh viewer
 * opens the checkout of what the path picks (the seeded paid game, the men's hockey team pass, the free basic pass)
 * and pays through the reference processor with Stripe's test cards: 4242 is paid when its order settles, 0002 is
 * declined then, a number failing the Luhn check is refused at once. A saved card is put in place for the viewer;
 * the API's failures are forced with the stack's faults; an order is kept processing by holding its settlement.
 * Helpers are in tests/e2e/paths-steps.ts.
 */
import { type MachineUi, type UiAnswer, type UiContext, type UiStep, type UiStepMap, statePath } from '../shared/machine-ui';
import type { PollingOutput } from '../polling/polling.machine';
import type { CardEntryOutput } from '../card-entry/card-entry.types';
import { FREE_PASS, PAID_EVENT, TEAM_PASS } from './payment.model';
import type { Checkout, Order, PurchaseSelection } from './payment.types';

type Offer = 'paidGame' | 'teamPass' | 'freePass';

const OFFERS = new Map<number | null, Offer>([
  [PAID_EVENT.id, 'paidGame'],
  [TEAM_PASS.id, 'teamPass'],
  [FREE_PASS.id, 'freePass'],
]);

const before = (context: UiContext): readonly UiStep[] => context.path.steps.slice(0, context.index);
const isSend = (step: UiStep, type: string) => step.kind === 'send' && step.event.type === type;
const isActor = (step: UiStep, kind: 'finish' | 'fail', actorId: string) => step.kind === kind && step.actorId === actorId;

/** What the page sells at this step: the path's pick, or the reloaded page's game. */
function purchaseAt(context: UiContext): PurchaseSelection | null {
  const picked = before(context).findLast((step) => isSend(step, 'user.selectPurchase'));
  if (picked) return (picked.event as unknown as { purchase: PurchaseSelection }).purchase;
  return (context.path.input as { purchase?: PurchaseSelection }).purchase ?? null;
}

const offerAt = (context: UiContext): Offer | undefined => OFFERS.get(purchaseAt(context)?.id ?? null);

/** The card chosen before step `index`: a saved one, a new one, or none. */
function cardAt(steps: readonly UiStep[], index: number): 'saved' | 'new' | null {
  const last = steps
    .slice(0, index)
    .findLast((step) => isSend(step, 'user.selectSavedCard') || isSend(step, 'user.enterNewCard') || isSend(step, 'user.clearCard'));
  if (!last || last.event.type === 'user.clearCard') return null;
  return last.event.type === 'user.selectSavedCard' ? 'saved' : 'new';
}

/**
 * The viewer has a saved card: the path picks one, or reads it. The real app reads the viewer's cards by itself as
 * the form opens; the model leaves that read pending where nothing needs its answer (a saved card is offered
 * whether or not it has been read), so a path may pick the card without the read as a step of its own.
 */
const hasSavedCard = (context: UiContext): boolean =>
  context.path.steps.some((step) => isSend(step, 'user.selectSavedCard') || isActor(step, 'finish', 'loadSavedCards'));

/** The saved card shows on the form at this step: the viewer has one, and no read of the cards was made to fail. */
const savedCardShown = (context: UiContext): boolean =>
  hasSavedCard(context) && !before(context).some((step) => isActor(step, 'fail', 'loadSavedCards'));

/** The card the order being paid was paid with: the one chosen when it was submitted, or the one typed before a reload. */
function paidWith(context: UiContext): 'saved' | 'new' | null {
  const steps = context.path.steps;
  const submit = before(context).findLastIndex((step) => isSend(step, 'user.submit'));
  return submit < 0 ? 'new' : cardAt(steps, submit);
}

/** What a card must do for this step: keys of `needs` (see `prepare`). */
function cardNeeds(context: UiContext, settles: 'paid' | 'declined'): UiAnswer {
  const card = paidWith(context);
  if (card === 'saved') return { needs: { savedCardSettles: settles } };
  if (card === 'new') return { needs: { cardConfirms: 'yes', cardSettles: settles } };
  return { unmapped: 'an order paid with no card' };
}

const OTHER_PAGE = { unmapped: 'the page never changes what it sells: another offer is another page, with a payment of its own' };
const NOTHING_SELECTED = {
  unmapped: 'a payment with nothing selected: the real checkout always starts its payment with the offer its page sells',
};

const checkStatus = (status: string) => `await expect(checkout(page)).toHaveAttribute('data-status', '${status}');`;

const HOLD = 'holdSettlement(stack);';

/** Ends in processing: the order is kept processing, so the page stays there long enough to be seen there. */
function holdsAtEnd(answer: UiAnswer, context: UiContext): UiAnswer {
  const last = context.path.steps.at(-1);
  if ('unmapped' in answer || context.index !== context.path.steps.length - 1 || !last?.expected.tags.includes('processing')) return answer;
  if (offerAt(context) === 'freePass' || answer.arm?.includes(HOLD)) return answer;
  return { ...answer, arm: [...(answer.arm ?? []), HOLD] };
}

function holding<T>(map: UiStepMap<T>): UiStepMap<T> {
  return (value, context) => holdsAtEnd(map(value, context), context);
}

/** The order being followed was held: by the reload's payment, or before the app went offline or online. */
function wasHeld(context: UiContext): boolean {
  const steps = before(context);
  const submit = steps.findLastIndex((step) => isSend(step, 'user.submit'));
  const reloaded = (context.path.input as { openOrderId?: number }).openOrderId !== undefined;
  return (submit < 0 && reloaded) || steps.slice(submit + 1).some((step) => isSend(step, 'app.offline') || isSend(step, 'app.online'));
}

const events: MachineUi['events'] = {
  'user.selectPurchase': (event, context) => {
    const { purchase } = event as unknown as { purchase: PurchaseSelection };
    if (context.index !== 1 || statePath(context.before?.value) !== 'loadingPurchases') return OTHER_PAGE;
    if (purchase.type === 'subscription') {
      return {
        unmapped: "a plan's checkout is its free trial's screens, which show a plan the viewer owns as subscribed and start no payment",
      };
    }
    if (purchase.type === 'event' && purchase.singleEventPackageId === null) {
      return { unmapped: "/buy names a paid game only with its single-event package: without it the page starts no payment" };
    }
    const offer = OFFERS.get(purchase.id);
    return offer ? { run: [`await openCheckout(page, stack, '${offer}');`] } : { unmapped: `no seeded offer stands for ${purchase.id}` };
  },
  'user.selectSavedCard': (_event, context) =>
    savedCardShown(context)
      ? { needs: { savedCard: 'yes' }, run: ['await chooseSavedCard(page);'] }
      : { unmapped: "the viewer's saved cards could not be read: none is on the form" },
  'user.enterNewCard': (_event, context) => ({
    needs: { typesCard: 'yes' },
    run: [savedCardShown(context) ? 'await typeNewCard(page, card, { chooseNew: true });' : 'await typeNewCard(page, card);'],
  }),
  'user.clearCard': () => ({ unmapped: 'the checkout has no way to remove the chosen card (only to choose another)' }),
  'user.selectTeam': () => ({ run: ["await page.getByLabel('Your team').selectOption({ index: 1 });"] }),
  'stripe.ready': () => ({ unmapped: "no channel of the test stack takes cards through Stripe (Stripe.js would come from js.stripe.com)" }),
  'stripe.gone': () => ({ unmapped: "no channel of the test stack takes cards through Stripe (Stripe.js would come from js.stripe.com)" }),
  'user.applyPromoCode': (event, context) => {
    if (purchaseAt(context) === null) return NOTHING_SELECTED;
    const { code } = event as unknown as { code: string };
    return { run: [`await applyPromoCode(page, ${JSON.stringify(code)});`] };
  },
  'user.removePromoCode': (_event, context) => {
    const applied = before(context).findLast((step) => isActor(step, 'finish', 'applyCoupon') || isSend(step, 'user.removePromoCode'));
    return applied?.kind === 'finish'
      ? { run: ["await page.getByRole('button', { name: 'Remove' }).click();"] }
      : { unmapped: 'the Remove button shows only beside an applied promo code' };
  },
  'user.submit': (_event, context) => {
    if (purchaseAt(context) === null) return NOTHING_SELECTED;
    const card = cardAt(context.path.steps, context.index);
    // With no saved card the new card's fields are always on the form and Pay sends them, even empty: the app then
    // opens the order the model refuses. Only a viewer whose saved cards show can send the form with no card, and
    // only one with several cards and no default: a default (or only) card is chosen for them as the cards are read.
    if (card === null && offerAt(context) !== 'freePass') {
      return savedCardShown(context) || !before(context).some((step) => isActor(step, 'fail', 'loadSavedCards'))
        ? { needs: { savedCard: 'noDefault' }, run: ['await pressPay(page);'] }
        : { unmapped: "the viewer's saved cards could not be read, so the new card's fields are on the form and Pay sends them" };
    }
    const steps = before(context);
    const typed = steps.findLastIndex((step) => isSend(step, 'user.enterNewCard'));
    const retried = steps.findLastIndex((step) => isSend(step, 'user.retry'));
    // "Try again" brings the form back empty: the viewer types the card the machine kept again.
    const retype = card === 'new' && retried > typed ? [savedCardShown(context) ? 'await typeNewCard(page, card, { chooseNew: true });' : 'await typeNewCard(page, card);'] : [];
    return { run: [...retype, 'await pressPay(page);'] };
  },
  // The failure is said on the page, beside its retry: nothing to close first.
  'user.retry': () => ({ run: ["await page.getByRole('button', { name: 'Try again' }).click();"] }),
  'app.resumed': () => ({ unmapped: 'headless Chromium never hides a page, so it is never shown again' }),
  // While the order is followed: it is held, so it stays processing meanwhile.
  'app.offline': () => ({ arm: [HOLD], run: ['await page.context().setOffline(true);'] }),
  'app.online': (_event, context) =>
    before(context).findLast((step) => isSend(step, 'app.offline') || isSend(step, 'app.online'))?.event.type === 'app.offline'
      ? { arm: [HOLD], run: ['await page.context().setOffline(false);'] }
      : { unmapped: 'the browser says it is online again only after it was offline' },
};

const outputs: MachineUi['outputs'] = {
  // The real app reads the viewer's orders by itself. The model's one answer (an owned monthly plan) covers none of
  // the offers its paths pay for here, as a fresh viewer's empty list does: the guards answer alike.
  loadOrders: (_orders, context) => (purchaseAt(context) === null ? NOTHING_SELECTED : {}),
  // The viewer's saved card, read by the real app as the form opens.
  loadSavedCards: (_cards, context) =>
    before(context).some((step) => isActor(step, 'fail', 'loadSavedCards'))
      ? { unmapped: 'the card listing was made to fail for the rest of the visit' }
      : { needs: { savedCard: 'yes' } },
  applyCoupon: () => ({}),
  buy: (opened, context): UiAnswer => {
    const paid = (opened as Checkout).order.status === 'paid';
    const free = offerAt(context) === 'freePass';
    if (paid === free) return {};
    return { unmapped: paid ? 'only the free pass is paid at once (WELCOME10 takes 10%)' : 'the free pass is paid at once' };
  },
  cardEntry: (entered, context) => {
    if ((entered as CardEntryOutput).result === 'confirmed') {
      return paidWith(context) === 'new' ? { needs: { cardConfirms: 'yes' } } : {};
    }
    return paidWith(context) === 'new'
      ? { needs: { cardConfirms: 'no' } }
      : { unmapped: 'a saved card was checked when it was saved: the processor refuses only a new card at once' };
  },
  pollOrder: (polled, context) => {
    const outcome = polled as PollingOutput<Order>;
    const offline = before(context).findLast((step) => isSend(step, 'app.offline') || isSend(step, 'app.online'));
    if (offline?.event.type === 'app.offline') return { unmapped: 'order polling waits for the network to come back' };
    const release = wasHeld(context) ? ['releaseSettlement(stack);'] : [];
    if (outcome.result === 'done') return { ...cardNeeds(context, 'paid'), run: release };
    if (outcome.result === 'failed') return { ...cardNeeds(context, 'declined'), run: release };
    if (outcome.value === null) {
      if ((context.path.input as { openOrderId?: number }).openOrderId !== undefined) {
        return { unmapped: "the reloaded page's first poll cannot be refused without racing the polls before the reload" };
      }
      return { arm: ["stack.faults.add({ operationId: 'getOrder', status: 404 });"] };
    }
    // Polled once (still processing), then the network fails every later poll until polling gives up.
    const isOrderPoll =
      "(request: { url(): string; postData(): string | null }) => request.url().endsWith('/graphql') && request.postData()?.includes('\"OrderStatus\"') === true";
    return {
      arm: [HOLD],
      run: [
        `await page.waitForResponse((response) => (${isOrderPoll})(response.request()));`,
        `await page.route('**/graphql', (route) => ((${isOrderPoll})(route.request()) ? route.abort('internetdisconnected') : route.fallback()));`,
      ],
    };
  },
};

const errors: MachineUi['errors'] = {
  loadOrders: (_error, context) =>
    purchaseAt(context) === null ? NOTHING_SELECTED : { arm: ["stack.faults.add({ operationId: 'listOrders', status: 500 });"] },
  loadSavedCards: () => ({ arm: ["stack.faults.add({ operationId: 'listCards', status: 500 });"] }),
  applyCoupon: () => ({ arm: ["stack.faults.add({ operationId: 'applyCoupon', status: 422, times: 1 });"] }),
  buy: () => ({ arm: ["stack.faults.add({ operationId: 'buy', status: 409, times: 1 });"] }),
  cardEntry: () => ({ unmapped: 'card entry itself breaking down cannot be forced from the test stack' }),
  pollOrder: () => ({ unmapped: 'order polling itself breaking down cannot be forced from the test stack' }),
};

/** The state's sight after a step that leaves the form on the page. */
function editingSight(step: UiStep, context: UiContext): string[] {
  const lines = [checkStatus('editing')];
  if (isSend(step, 'user.submit')) {
    const team = offerAt(context) === 'teamPass' && !before(context).some((s) => isSend(s, 'user.selectTeam'));
    const message = team ? 'Please select your team' : 'Please select one of your saved cards or enter new one';
    lines.push(`await expect(page.getByText(${JSON.stringify(message)})).toBeVisible();`);
  } else if (isSend(step, 'user.applyPromoCode')) {
    lines.push("await expect(page.getByText('Please fill in the input field')).toBeVisible();");
  } else if (isActor(step, 'finish', 'applyCoupon')) {
    lines.push("await expect(page.getByText(/^Promo code WELCOME10 applied/)).toBeVisible();");
  } else if (isActor(step, 'fail', 'applyCoupon')) {
    lines.push("await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');");
  } else if (isSend(step, 'user.removePromoCode')) {
    lines.push("await expect(page.getByLabel('Promo code')).toBeVisible();");
  } else if (isSend(step, 'user.selectSavedCard')) {
    lines.push("await expect(page.getByRole('radio', { name: /ending in/ })).toBeChecked();");
  } else if (isActor(step, 'finish', 'loadSavedCards')) {
    lines.push("await expect(page.getByRole('radio', { name: /ending in/ })).toBeVisible();");
  } else if (isSend(step, 'user.selectTeam')) {
    lines.push("await expect(page.getByLabel('Your team')).not.toHaveValue('');");
  }
  return lines;
}

function errorSight(step: UiStep): string[] {
  const lines: string[] = [];
  if (isActor(step, 'finish', 'pollOrder')) {
    const { result } = step.event['output'] as PollingOutput<Order>;
    const text = result === 'failed' ? 'Your card was declined.' : 'Something went wrong';
    // Polling gives up after five failed polls, two seconds apart.
    const wait = result === 'gaveUp' ? ', { timeout: 30_000 }' : '';
    lines.push(`await expect(paymentFailure(page)).toContainText(${JSON.stringify(text)}${wait});`);
    // Said once, on the page: no dialog repeats it.
    lines.push("await expect(page.getByRole('dialog')).toHaveCount(0);");
  }
  lines.push(checkStatus('error'));
  if (isActor(step, 'finish', 'cardEntry')) {
    // The model shows the processor's words for the field ("Your card number is incorrect."); the app shows the
    // answer's own message ("The given data was invalid."): only the refusal is checked.
    lines.push(
      "// The model says \"Your card number is incorrect.\"; the app shows the API's \"The given data was invalid.\" (see payment.ui.ts).",
      "await expect(page.getByRole('alert').filter({ hasText: 'The payment did not go through' })).toBeVisible();",
    );
  }
  lines.push("await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();");
  return lines;
}

export const paymentUi: MachineUi = {
  imports: [
    "import { openOrderKept, withStoredToken } from '../helpers';",
    'import { applyPromoCode, checkout, chooseSavedCard, holdSettlement, openCheckout, openPathViewer, PATH_CARDS, payThenReload, paymentFailure, pressPay, putSavedCard, putSavedCardsWithoutDefault, releaseSettlement, typeNewCard } from \'../paths-steps\';',
  ],
  prepare(needs) {
    const lines = ["const viewer = await openPathViewer(stack, 'settled');", 'await withStoredToken(page, viewer.token);'];
    if (needs['typesCard'] === 'yes') {
      const card = needs['cardConfirms'] === 'no' ? 'incorrect' : needs['cardSettles'] === 'declined' ? 'declined' : 'visa';
      lines.push(`const card = PATH_CARDS.${card};`);
    }
    if (needs['savedCard'] === 'yes') lines.push(`putSavedCard(stack, viewer.email, '${needs['savedCardSettles'] ?? 'paid'}');`);
    if (needs['savedCard'] === 'noDefault') lines.push('putSavedCardsWithoutDefault(stack, viewer.email);');
    return lines;
  },
  // The hold is a trigger on the worker's shared stack.
  afterEach: ["stack.api.db.exec('DROP TRIGGER IF EXISTS hold_settlement');"],
  start: (input, context) =>
    (input as { openOrderId?: number }).openOrderId === undefined
      ? {}
      : { needs: { typesCard: 'yes' }, run: [`await payThenReload(page, stack, card${hasSavedCard(context) ? ', { chooseNew: true }' : ''});`] },
  events: Object.fromEntries(Object.entries(events).map(([type, map]) => [type, holding(map)])),
  outputs: Object.fromEntries(Object.entries(outputs).map(([id, map]) => [id, holding(map)])),
  errors: Object.fromEntries(Object.entries(errors).map(([id, map]) => [id, holding(map)])),
  see(expected, step, context) {
    const state = statePath(expected.value);
    const last = context.index === context.path.steps.length - 1;
    const next = context.path.steps[context.index + 1];
    if (state === 'loadingPurchases' || state === 'editing.applyingPromo') return { unseen: 'passes by itself' };
    if (state.startsWith('editing')) return editingSight(step, context);
    if (state.startsWith('processing')) {
      const settles = next !== undefined && next.kind !== 'send' && next.actorId === 'pollOrder';
      // A held order stays processing until the next step releases it, so the page can be seen there first: a reloaded
      // page that has not yet read the order would otherwise find it paid already (and say so, "purchased").
      const heldUntilNext = settles && wasHeld({ ...context, index: context.index + 1 });
      if (state !== 'processing.polling' && !last) return { unseen: 'passes by itself' };
      if ((settles && !heldUntilNext) || (offerAt(context) === 'freePass' && last)) return { unseen: 'passes by itself' };
      const lines = [checkStatus('processing'), "await expect(page.getByRole('status').filter({ hasText: 'Processing your payment…' })).toBeVisible();"];
      // The page says "Processing…" from the press of Pay on, while the order is bought and its card confirmed; it
      // keeps the order (to resume it after a reload) only once it follows it. A next step (going offline) must come
      // then, not while the buy is on its way.
      if (state === 'processing.polling') lines.push('await openOrderKept(page);');
      return lines;
    }
    if (state === 'success') return [checkStatus('success'), "await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();"];
    if (state === 'error') return errorSight(step);
    if (state === 'purchased') return [checkStatus('purchased')];
    return { unseen: `no sign of ${state} is mapped` };
  },
};
