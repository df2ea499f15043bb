/**
 * One viewer cannot read, change or delete another's data, a session belongs to one channel, and an API key
 * never reaches another channel's catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREAL, databaseSnapshot, DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from './harness';
import { providerHandOff } from './provider-flow';

interface Profile {
  id: number;
  email: string;
  first_name: string;
  basic_pass_selected: boolean;
}
interface Favourite {
  id: number;
  favoritable_id: number;
  favoritable_type: string;
}
interface List<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface EventItem {
  id: number;
  participants: Array<{ id: number }>;
}

let api: TestApi;
let summitKey: string;
let borealKey: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  summitKey = await api.apiKey(SUMMIT.channelKey);
  borealKey = await api.apiKey(BOREAL.channelKey);
});
afterAll(() => api.close());

/** A new viewer of the summit channel, with its session token. */
async function newViewer(label: string): Promise<{ email: string; token: string; id: number }> {
  const email = `${label}-${++counter}@summit.test`;
  const result = await api.call<{ token: string; user: Profile }>('POST', '/v2/auth/register', {
    key: summitKey,
    body: { first_name: 'Iso', last_name: label, email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
  });
  expect(result.status).toBe(201);
  return { email, token: result.body.token, id: result.body.user.id };
}

function userRow(id: number): unknown {
  return api.db.prepare('SELECT * FROM users WHERE id = ?').get(id);
}

async function favouritesOf(token: string, key = summitKey): Promise<Favourite[]> {
  const list = await api.call<List<Favourite>>('GET', '/favorites', { key, token });
  expect(list.status).toBe(200);
  return list.body.data;
}

/** A summit team that plays in at least one event. */
async function teamWithEvents(key: string): Promise<number> {
  const events = await api.call<List<EventItem>>('GET', '/events', { key, query: { no_limit: 1 } });
  const team = events.body.data.find((e) => e.participants.length > 0)?.participants[0];
  if (!team) throw new Error('No event with participants');
  return team.id;
}

describe('viewers of one channel', () => {
  it('a token only ever yields its own viewer’s profile', async () => {
    const viewers = [
      { email: 'fan@summit.test', token: await api.login('fan@summit.test', summitKey) },
      { email: 'basic@summit.test', token: await api.login('basic@summit.test', summitKey) },
      { email: 'blocked@summit.test', token: await api.login('blocked@summit.test', summitKey) },
      await newViewer('a'),
      await newViewer('b'),
    ];
    // Interleaved, repeatedly: no answer leaks the previous caller's profile.
    for (let round = 0; round < 3; round++) {
      for (const viewer of round % 2 === 0 ? viewers : [...viewers].reverse()) {
        const profile = await api.call<Profile>('GET', '/profile', { key: summitKey, token: viewer.token });
        expect(profile.status).toBe(200);
        expect(profile.body.email).toBe(viewer.email);
        const access = await api.call('GET', '/user/access', { key: summitKey, token: viewer.token });
        expect(access.status).toBe(200);
      }
    }
  });

  it('POST /profile by B never changes A', async () => {
    const a = await newViewer('a');
    const b = await newViewer('b');
    const before = userRow(a.id);

    const patched = await api.call<Profile>('POST', '/profile', {
      key: summitKey,
      token: b.token,
      body: { _method: 'PATCH', first_name: 'Mallory', last_name: 'Other', phone: '+1 555 010 9999', language: 'fr', password: 'An0ther-pass!', password_confirmation: 'An0ther-pass!' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.id).toBe(b.id);
    expect(patched.body.first_name).toBe('Mallory');

    const deletion = await api.call('POST', '/profile', { key: summitKey, token: b.token, body: { _method: 'DELETE' } });
    expect(deletion.status).toBe(200);
    const mailed = api.db.prepare<[], { email: string }>("SELECT email FROM outbox WHERE kind = 'account_deletion'").all();
    expect(mailed.map((m) => m.email)).toContain(b.email);
    expect(mailed.map((m) => m.email)).not.toContain(a.email);

    expect(userRow(a.id)).toEqual(before);
    const profile = await api.call<Profile>('GET', '/profile', { key: summitKey, token: a.token });
    expect(profile.status).toBe(200);
    expect(profile.body.first_name).toBe('Iso');
    // A's password still works, and B's change ended none of A's sessions.
    await expect(api.login(a.email, summitKey)).resolves.toEqual(expect.any(String));
  });

  it('A’s favourites are invisible to B, and B cannot delete them', async () => {
    const a = await newViewer('a');
    const b = await newViewer('b');
    const team = await teamWithEvents(summitKey);
    const added = await api.call<Favourite>('POST', '/favorite', {
      key: summitKey,
      token: a.token,
      body: { favoritable_id: team, favoritable_type: 'participant' },
    });
    expect(added.status).toBe(200);

    expect(await favouritesOf(b.token)).toEqual([]);

    const before = databaseSnapshot(api.db);
    const removed = await api.call<ErrorBody>('DELETE', `/favorite/${added.body.id}`, { key: summitKey, token: b.token });
    expect(removed.status).toBe(404);
    expect(removed.body.error.errors).toHaveProperty('id');
    expect(databaseSnapshot(api.db)).toBe(before);
    expect((await favouritesOf(a.token)).map((f) => f.id)).toEqual([added.body.id]);

    // B favouriting the same team gets B's own favourite, not A's.
    const own = await api.call<Favourite>('POST', '/favorite', {
      key: summitKey,
      token: b.token,
      body: { favoritable_id: team, favoritable_type: 'participant' },
    });
    expect(own.status).toBe(200);
    expect(own.body.id).not.toBe(added.body.id);
    const gone = await api.call('DELETE', `/favorite/${own.body.id}`, { key: summitKey, token: b.token });
    expect(gone.status).toBe(200);
    expect((await favouritesOf(a.token)).map((f) => f.id)).toEqual([added.body.id]);
  });

  it('events/favorite follows only the caller’s favourites', async () => {
    const fanToken = await api.login('fan@summit.test', summitKey);
    const b = await newViewer('b');
    const fans = await api.call<List<EventItem>>('GET', '/events/favorite', { key: summitKey, token: fanToken, query: { limit: 100 } });
    expect(fans.status).toBe(200);
    expect(fans.body.meta.total).toBeGreaterThan(0);

    const others = await api.call<List<EventItem>>('GET', '/events/favorite', { key: summitKey, token: b.token, query: { limit: 100 } });
    expect(others.status).toBe(200);
    expect(others.body.meta.total).toBe(0);
    expect(others.body.data).toEqual([]);
  });

  it('a custom form submission by A is not visible to B', async () => {
    const a = await newViewer('a');
    const b = await newViewer('b');
    const submitted = await api.call<{ values: unknown[] }>('POST', '/custom-forms/passes', {
      key: summitKey,
      token: a.token,
      body: { values: [{ name: 'basic_pass', value: 'register-basic-2023-24' }] },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.values).toHaveLength(1);

    for (const token of [b.token, null]) {
      const form = await api.call<{ values: unknown[]; submitted_at: number | null }>('GET', '/custom-forms/passes', { key: summitKey, token });
      expect(form.status).toBe(200);
      expect(form.body.values).toEqual([]);
      expect(form.body.submitted_at).toBeNull();
    }
    const profileB = await api.call<Profile>('GET', '/profile', { key: summitKey, token: b.token });
    expect(profileB.body.basic_pass_selected).toBe(false);
    const profileA = await api.call<Profile>('GET', '/profile', { key: summitKey, token: a.token });
    expect(profileA.body.basic_pass_selected).toBe(true);
  });

  it('a logged-out token is refused; the account’s other sessions live on', async () => {
    const a = await newViewer('a');
    const other = await api.login(a.email, summitKey);
    const out = await api.call('POST', '/auth/logout', { key: summitKey, token: a.token });
    expect(out.status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/profile', undefined],
      ['GET', '/favorites', undefined],
      ['POST', '/favorite', { favoritable_id: await teamWithEvents(summitKey), favoritable_type: 'participant' }],
      ['POST', '/auth/logout', undefined],
    ] as const) {
      const refused = await api.call<ErrorBody>(method, path, { key: summitKey, token: a.token, body });
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.body.error.errors).toHaveProperty('auth');
    }
    const still = await api.call<Profile>('GET', '/profile', { key: summitKey, token: other });
    expect(still.status).toBe(200);
    expect(still.body.email).toBe(a.email);
  });

  it('a password change ends the account’s other sessions, and only them', async () => {
    const a = await newViewer('a');
    const bystander = await newViewer('b');
    const second = await api.login(a.email, summitKey);
    const third = await api.login(a.email, summitKey);

    const changed = await api.call('POST', '/profile', {
      key: summitKey,
      token: a.token,
      body: { _method: 'PATCH', password: 'Brand-new-pass1', password_confirmation: 'Brand-new-pass1' },
    });
    expect(changed.status).toBe(200);

    for (const token of [second, third]) {
      expect((await api.call('GET', '/profile', { key: summitKey, token })).status).toBe(401);
    }
    expect((await api.call('GET', '/profile', { key: summitKey, token: a.token })).status).toBe(200);
    expect((await api.call('GET', '/profile', { key: summitKey, token: bystander.token })).status).toBe(200);

    const old = await api.call<ErrorBody>('POST', '/v2/auth/login', { key: summitKey, body: { email: a.email, password: DEMO_PASSWORD } });
    expect(old.status).toBe(422);
    expect(old.body.error.message).toBe('Wrong auth data');
    await expect(api.login(a.email, summitKey, 'Brand-new-pass1')).resolves.toEqual(expect.any(String));
  });
});

describe('channels', () => {
  it('a summit session used with a boreal API key is refused and touches nothing', async () => {
    const summitToken = await api.login('fan@summit.test', summitKey);
    const borealFan = await api.login('fan@boreal.test', borealKey);
    const borealFavourites = await favouritesOf(borealFan, borealKey);
    expect(borealFavourites.length).toBe(2);
    const borealTeam = await teamWithEvents(borealKey);
    const before = databaseSnapshot(api.db);

    const attempts = [
      ['GET', '/profile', undefined],
      ['GET', '/user/access', undefined],
      ['GET', '/favorites', undefined],
      ['GET', '/events/favorite', undefined],
      ['GET', '/events', undefined],
      ['POST', '/favorite', { favoritable_id: borealTeam, favoritable_type: 'participant' }],
      ['DELETE', `/favorite/${borealFavourites[0]!.id}`, undefined],
      ['POST', '/custom-forms/passes', { values: [{ name: 'basic_pass', value: 'x' }] }],
      ['POST', '/profile', { _method: 'PATCH', first_name: 'Intruder' }],
      ['POST', '/profile', { _method: 'DELETE' }],
      ['POST', '/auth/logout', undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const refused = await api.call<ErrorBody>(method, path, { key: borealKey, token: summitToken, body });
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.body.error.errors, `${method} ${path}`).toHaveProperty('auth');
    }

    expect(databaseSnapshot(api.db)).toBe(before);
    expect(await favouritesOf(borealFan, borealKey)).toEqual(borealFavourites);
    // The summit session itself is untouched and still works with its own channel's key.
    expect((await api.call('GET', '/profile', { key: summitKey, token: summitToken })).status).toBe(200);
  });

  it('an API key never answers the other channel’s catalogue', async () => {
    const ids = async (key: string, path: string): Promise<number[]> => {
      const list = await api.call<List<{ id: number }>>('GET', path, { key, query: { no_limit: 1 } });
      expect(list.status, path).toBe(200);
      expect(list.body.data.length, path).toBeGreaterThan(0);
      return list.body.data.map((item) => item.id);
    };
    const ownedBy = (table: string, channelId: number): Set<number> =>
      new Set(api.db.prepare<[number], { id: number }>(`SELECT id FROM ${table} WHERE channel_id = ?`).all(channelId).map((r) => r.id));
    const channelId = (alias: string): number =>
      api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(alias)!.id;
    const summitId = channelId('summit');
    const borealId = channelId('boreal');

    for (const [path, table] of [
      ['/events', 'events'],
      ['/participants', 'participants'],
      ['/participant-groups', 'participant_groups'],
      ['/pages', 'pages'],
      ['/events-locations', 'locations'],
    ] as const) {
      const summitIds = await ids(summitKey, path);
      const borealIds = await ids(borealKey, path);
      expect(summitIds.filter((id) => borealIds.includes(id)), path).toEqual([]);
      const summitOwned = ownedBy(table, summitId);
      const borealOwned = ownedBy(table, borealId);
      expect(summitIds.every((id) => summitOwned.has(id)), `${path} with the summit key`).toBe(true);
      expect(borealIds.every((id) => borealOwned.has(id)), `${path} with the boreal key`).toBe(true);
    }

    // Each event's participants belong to the key's channel too.
    const summitEvents = await api.call<List<EventItem>>('GET', '/events', { key: summitKey, query: { no_limit: 1 } });
    const summitTeams = ownedBy('participants', summitId);
    expect(summitEvents.body.data.flatMap((e) => e.participants).every((p) => summitTeams.has(p.id))).toBe(true);

    // Reaching the other channel's rows by id or alias answers 404.
    const borealEvent = (await ids(borealKey, '/events'))[0]!;
    expect((await api.call('GET', `/events/${borealEvent}`, { key: summitKey })).status).toBe(404);
    expect((await api.call('GET', `/events/${borealEvent}`, { key: borealKey })).status).toBe(200);
    expect((await api.call('GET', '/pages/a-propos-du-reseau', { key: summitKey })).status).toBe(404);
    expect((await api.call('GET', '/pages/a-propos-du-reseau', { key: borealKey })).status).toBe(200);
    expect((await api.call('GET', '/pages/about-network', { key: borealKey })).status).toBe(404);
    const borealGroupAlias = api.db
      .prepare<[number], { alias: string }>('SELECT alias FROM participant_groups WHERE channel_id = ? LIMIT 1')
      .get(borealId)!.alias;
    expect((await api.call('GET', '/events-for-homepage', { key: summitKey, query: { group: borealGroupAlias } })).status).toBe(404);
  });

  it('one address on both channels: mailed links and social codes act only on their own channel’s account', async () => {
    const email = `both-${++counter}@example.test`;
    const sessions: Record<string, { token: string; id: number }> = {};
    for (const [alias, key] of [['summit', summitKey], ['boreal', borealKey]] as const) {
      const result = await api.call<{ token: string; user: Profile }>('POST', '/v2/auth/register', {
        key,
        body: { first_name: 'Two', last_name: 'Homes', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
      });
      expect(result.status, alias).toBe(201);
      sessions[alias] = { token: result.body.token, id: result.body.user.id };
    }
    const summit = sessions['summit']!;
    const boreal = sessions['boreal']!;
    expect(summit.id).not.toBe(boreal.id);
    const link = (kind: string): { email: string; expires: number; signature: string } => {
      const row = api.db
        .prepare<[number, string, string], { link: string }>(
          'SELECT link FROM outbox WHERE channel_id = (SELECT channel_id FROM users WHERE id = ?) AND email = ? AND kind = ? ORDER BY id DESC',
        )
        .get(summit.id, email, kind);
      const query = new URL(row!.link).searchParams;
      return { email: query.get('email')!, expires: Number(query.get('expires')), signature: query.get('signature')! };
    };
    const verified = (id: number): boolean =>
      api.db.prepare<[number], { v: number | null }>('SELECT email_verified_at AS v FROM users WHERE id = ?').get(id)!.v !== null;

    // Summit's verification link, sent with boreal's key, verifies nobody.
    const verify = link('email_verify');
    const crossVerify = await api.call<ErrorBody>('POST', '/auth/email-verify', { key: borealKey, body: verify });
    expect(crossVerify.status).toBe(422);
    expect(crossVerify.body.error.message).toBe('Verification failed');
    expect(verified(summit.id) || verified(boreal.id)).toBe(false);
    expect((await api.call('POST', '/auth/email-verify', { key: summitKey, body: verify })).status).toBe(200);
    expect([verified(summit.id), verified(boreal.id)]).toEqual([true, false]);

    // Summit's reset link cannot change boreal's password.
    expect((await api.call('POST', '/auth/password-reset-request', { key: summitKey, body: { email } })).status).toBe(200);
    const reset = { ...link('password_reset'), password: 'Summit-only-1', password_confirmation: 'Summit-only-1' };
    const crossReset = await api.call<ErrorBody>('POST', '/auth/password-reset', { key: borealKey, body: reset });
    expect(crossReset.status).toBe(422);
    expect(crossReset.body.error.message).toBe('Reset password failed');
    await expect(api.login(email, borealKey)).resolves.toEqual(expect.any(String));

    // A social code handed out for summit does not open a boreal session.
    const socialEmail = `social-both-${counter}@example.test`;
    const { code, nonce } = await providerHandOff(api, { key: summitKey, email: socialEmail, name: 'Two Homes' });
    expect((await api.call('POST', '/auth/add_session', { key: borealKey, body: { code, nonce } })).status).toBe(422);
    const socialSession = await api.call<{ user: Profile }>('POST', '/auth/add_session', { key: summitKey, body: { code, nonce } });
    expect(socialSession.status).toBe(200);
    const channelOf = (id: number) => api.db.prepare<[number], { channel_id: number }>('SELECT channel_id FROM users WHERE id = ?').get(id)?.channel_id;
    expect(channelOf(socialSession.body.user.id)).toBe(channelOf(summit.id));

    // Summit's deletion link (the route needs no key) deletes the summit account only.
    expect((await api.call('POST', '/profile', { key: summitKey, token: summit.token, body: { _method: 'DELETE' } })).status).toBe(200);
    expect((await api.call('POST', '/delete-account-confirm', { body: link('account_deletion') })).status).toBe(200);
    expect(userRow(summit.id)).toBeUndefined();
    expect(userRow(boreal.id)).toBeDefined();
    const borealProfile = await api.call<Profile>('GET', '/profile', { key: borealKey, token: boreal.token });
    expect(borealProfile.status).toBe(200);
    expect(borealProfile.body.id).toBe(boreal.id);
  });

  it('another channel’s team, school or sport cannot become a favourite', async () => {
    const viewer = await newViewer('fav');
    const borealId = api.db.prepare<[], { id: number }>("SELECT id FROM channels WHERE alias = 'boreal'").get()!.id;
    const first = (table: string): number =>
      api.db.prepare<[number], { id: number }>(`SELECT id FROM ${table} WHERE channel_id = ? ORDER BY id LIMIT 1`).get(borealId)!.id;
    const before = databaseSnapshot(api.db);
    for (const [type, table] of [
      ['participant', 'participants'],
      ['group', 'participant_groups'],
      ['category', 'event_categories'],
    ] as const) {
      const refused = await api.call<ErrorBody>('POST', '/favorite', {
        key: summitKey,
        token: viewer.token,
        body: { favoritable_id: first(table), favoritable_type: type },
      });
      expect(refused.status, type).toBe(404);
      expect(refused.body.error.errors, type).toHaveProperty('favoritable_id');
    }
    expect(databaseSnapshot(api.db)).toBe(before);
    expect(await favouritesOf(viewer.token)).toEqual([]);
  });
});
