/**
 * The contact page's requests (POST /contact-requests): stored for the channel the key names, from a visitor or a
 * viewer; every SPEC §5 refusal is a 422 naming the field and stores nothing; the same request sent again, one
 * after another or all at once, is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RECEIVED } from '../../server/domain/contact-requests';
import { BOREAL, databaseSnapshot, startTestApi, SUMMIT, type TestApi } from './harness';

interface Receipt {
  id: number;
  received_at: number;
  message: string;
}
interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
interface StoredRequest {
  channel_id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
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

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Fan',
  email: `dana-${++counter}@example.com`,
  message: `The replay of game ${counter} has no sound.`,
  ...overrides,
});

const stored = (id: number) => api.db.prepare<[number], StoredRequest>('SELECT * FROM contact_requests WHERE id = ?').get(id);

describe('POST /contact-requests', () => {
  it('stores a visitor’s request for the key’s channel, trimmed, and says when it will be answered', async () => {
    const sent = await api.call<Receipt>('POST', '/contact-requests', {
      key: summitKey,
      body: request({ name: '  Dana Fan ', subject: '  Replay audio ', phone: '+1 (555) 010-2000', message: '  No sound on the replay.  ' }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(CONTACT_RECEIVED);
    expect(sent.body.message).toContain('reviewed within 5 business days');
    const row = stored(sent.body.id);
    expect(row).toMatchObject({ user_id: null, name: 'Dana Fan', subject: 'Replay audio', phone: '+1 (555) 010-2000', message: 'No sound on the replay.' });
    const summit = api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(SUMMIT.alias)!;
    expect(row?.channel_id).toBe(summit.id);
  });

  it('records the signed-in viewer who sent it', async () => {
    const token = await api.login('fan@summit.test', summitKey);
    const fan = api.db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?').get('fan@summit.test')!;
    const sent = await api.call<Receipt>('POST', '/contact-requests', { key: summitKey, token, body: request() });
    expect(sent.status).toBe(201);
    expect(stored(sent.body.id)?.user_id).toBe(fan.id);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name', 'Please fill in the input field'],
    ['no name', { name: undefined }, 'name', 'Field is required'],
    ['a blank message', { message: ' \n ' }, 'message', 'Please fill in the input field'],
    ['an invalid email', { email: 'dana@' }, 'email', undefined],
    ['an invalid phone', { phone: '12' }, 'phone', undefined],
    ['a subject over 200 characters', { subject: 'x'.repeat(201) }, 'subject', undefined],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message', undefined],
    ['an unknown field', { priority: 'urgent' }, 'priority', undefined],
  ])('refuses %s with a 422 naming the field, storing nothing', async (_label, overrides, field, words) => {
    const body = Object.fromEntries(Object.entries(request(overrides)).filter(([, value]) => value !== undefined));
    const before = databaseSnapshot(api.db);
    const refused = await api.call<ErrorBody>('POST', '/contact-requests', { key: summitKey, body });
    expect(refused.status).toBe(422);
    expect(refused.body.error.errors).toHaveProperty(field);
    if (words) expect(refused.body.error.errors[field]).toContain(words);
    expect(databaseSnapshot(api.db)).toBe(before);
  });

  it('stores the same request once, sent again or ten times at once', async () => {
    const body = request({ subject: 'Login trouble' });
    const first = await api.call<Receipt>('POST', '/contact-requests', { key: summitKey, body });
    const again = await api.call<Receipt>('POST', '/contact-requests', { key: summitKey, body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const burst = request();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.call<Receipt>('POST', '/contact-requests', { key: summitKey, body: burst })));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const count = api.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM contact_requests WHERE email = ?').get(burst.email as string)!;
    expect(count.n).toBe(1);

    // The same words a day later are a new request.
    api.clock.advance(24 * 3600);
    const nextDay = await api.call<Receipt>('POST', '/contact-requests', { key: summitKey, body });
    expect(nextDay.status).toBe(201);
    expect(nextDay.body.id).not.toBe(first.body.id);
    expect(nextDay.body.received_at).toBeGreaterThan(first.body.received_at);
  });

  it('keeps each channel’s requests apart: the same text to two channels is two requests', async () => {
    const body = request();
    const summit = await api.call<Receipt>('POST', '/contact-requests', { key: summitKey, body });
    const boreal = await api.call<Receipt>('POST', '/contact-requests', { key: borealKey, body });
    expect(boreal.status).toBe(201);
    expect(boreal.body.id).not.toBe(summit.body.id);
    expect(stored(boreal.body.id)?.channel_id).not.toBe(stored(summit.body.id)?.channel_id);
  });
});
