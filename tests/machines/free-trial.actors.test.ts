/**
 * The free trial with its real actors (createFreeTrialActors over mesh/client) against the reference API behind
 * Mesh: a new viewer starts the 7-day trial of the monthly plan with a new card (saved through a setup intent);
 * when the trial is over (the API's clock moved, its jobs run) the machine's own timer reads it again and shows the
 * paid subscription. The failure path: a declined card cannot be saved, and the viewer is asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, waitFor } from 'xstate';
import { createFreeTrialActors } from '../../machines/free-trial/free-trial.actors';
import { freeTrialMachine, MAX_TRIAL_CHECK_DELAY_MS } from '../../machines/free-trial/free-trial.machine';
import { CardsDocument } from '../../mesh/client/generated/documents/Cards';
import { CARDS, card, Shop } from '../server/commerce-helpers';
import { startTestApi, type TestApi } from '../server/harness';
import { realClient } from './real-client';

const DAY = 86_400;

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey());
});

afterAll(async () => {
  await api.close();
});

async function startTrialPage(label: string) {
  const viewer = await shop.newViewer(label);
  const real = realClient(api);
  await real.login(viewer.email);
  const monthly = await shop.plan('monthly');
  const clock = new SimulatedClock();
  const actors = createFreeTrialActors({ client: real.client, now: () => api.clock.now() * 1000 });
  const actor = createActor(freeTrialMachine.provide({ actors }), { clock, input: { subscriptionId: monthly.id } }).start();
  const until = (predicate: (s: ReturnType<typeof actor.getSnapshot>) => boolean) => waitFor(actor, predicate, { timeout: 10_000 });
  return { real, monthly, actor, clock, until };
}

describe('free trial with the real client', () => {
  it('starts the trial with a new card, then shows the paid subscription once the trial is over', async () => {
    const { real, monthly, actor, clock, until } = await startTrialPage('trialist');
    expect(monthly.trial_period).toBe(7);
    const offered = await until((s) => !s.hasTag('loading'));
    expect(offered.value).toBe('choosingCard');
    expect(offered.context.savedCards).toEqual([]);

    actor.send({ type: 'user.enterNewCard', details: card(CARDS.visa) });
    actor.send({ type: 'user.startTrial' });
    const trial = await until((s) => !s.hasTag('processing'));
    expect(trial.value).toBe('inTrial');
    const trialEnd = api.clock.now() + 7 * DAY;
    expect(trial.context.plan).toMatchObject({ status: 'active', auto_renew: true, trial_ends_at: trialEnd });
    expect((await real.client.request(CardsDocument, {})).cards?.data).toHaveLength(1);

    // Seven days and a minute later the server has charged the saved card; the machine reads the plan again.
    api.clock.advance(7 * DAY + 60);
    api.runJobs();
    clock.increment(MAX_TRIAL_CHECK_DELAY_MS);
    const charged = await until((s) => s.status === 'done');
    expect(charged.value).toBe('subscribed');
    expect(charged.context.plan).toMatchObject({ status: 'active', trial_ends_at: null, is_purchased: true });
    expect(charged.context.plan?.renews_at).toBeGreaterThan(trialEnd);
  });

  it('asks again when the new card is declined (4000 0000 0000 0002), with the processor\'s words', async () => {
    const { actor, until } = await startTrialPage('declined-trialist');
    await until((s) => !s.hasTag('loading'));
    actor.send({ type: 'user.enterNewCard', details: card(CARDS.declined) });
    actor.send({ type: 'user.startTrial' });
    const refused = await until((s) => !s.hasTag('processing'));
    expect(refused.value).toBe('choosingCard');
    expect(refused.context.errorMessage).toEqual({ key: 'server.cardDeclined' });
    expect(refused.context.trialPeriodUsed).toBe(false);
  });
});
