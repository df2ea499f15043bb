import { parseJson } from '../db/database';
import { geoOf } from '../domain/geo';
import { type Handlers, type RequestContext, viewerOf } from '../http/context';
import { invalid, notFound } from '../http/errors';
import { wholeList } from '../http/paging';

interface FormField {
  name: string;
  label: string;
  type: 'text' | 'select' | 'checkbox';
  required: boolean;
  options: Array<{ value: string; label: string }>;
}
interface FormValue { name: string; value: string }
interface FormRow { id: number; alias: string; name: string; flag: number; fields: string }

function loadForm(ctx: RequestContext): FormRow {
  const alias = ctx.params['alias'] as string;
  const form = ctx.services.db
    .prepare<[number, string], FormRow>('SELECT id, alias, name, flag, fields FROM custom_forms WHERE channel_id = ? AND alias = ?')
    .get(ctx.channel.id, alias);
  if (!form) throw notFound('alias', 'Custom form');
  return form;
}

function formView(ctx: RequestContext, form: FormRow) {
  const submission = ctx.viewer
    ? ctx.services.db
        .prepare<[number, number], { vals: string; updated_at: number }>(
          'SELECT vals, updated_at FROM custom_form_submissions WHERE form_id = ? AND user_id = ?',
        )
        .get(form.id, ctx.viewer.id)
    : undefined;
  return {
    id: form.id,
    alias: form.alias,
    name: form.name,
    flag: form.flag === 1,
    fields: parseJson<FormField[]>(form.fields, []),
    values: parseJson<FormValue[]>(submission?.vals, []),
    submitted_at: submission?.updated_at ?? null,
  };
}

/** Checks submitted values against the form's own fields: known names, required ones present, allowed options. */
function checkValues(fields: FormField[], values: FormValue[]): void {
  // Keyed by names the viewer sends: a plain object would swallow "__proto__" (and so accept it as a field).
  const errors = Object.create(null) as Record<string, string[]>;
  const byName = new Map(values.map((v) => [v.name, v.value]));
  if (byName.size !== values.length) errors['values'] = ['Each field may be sent once'];
  for (const value of values) {
    if (!fields.some((f) => f.name === value.name)) errors[value.name] = ['is not a field of this form'];
  }
  for (const field of fields) {
    const value = byName.get(field.name);
    if (value === undefined || value === '') {
      if (field.required) errors[field.name] = ['Field is required'];
      continue;
    }
    if (field.type === 'select' && !field.options.some((o) => o.value === value)) {
      errors[field.name] = ['must be one of the listed options'];
    }
    if (field.type === 'checkbox' && value !== 'true' && value !== 'false') errors[field.name] = ['must be true or false'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export const channelHandlers: Handlers = {
  getSettings(ctx) {
    const { db } = ctx.services;
    const c = ctx.channel;
    const prerolls = db
      .prepare<[number], { id: number; url: string; weight: number; location_id: number | null; event_categories: string; for_live: number; for_vod: number }>(
        'SELECT * FROM prerolls WHERE channel_id = ? ORDER BY id',
      )
      .all(c.id)
      .map((p) => ({
        id: p.id,
        url: p.url,
        weight: p.weight,
        location_id: p.location_id,
        event_categories: parseJson<number[]>(p.event_categories, []),
        for_live: p.for_live === 1,
        for_vod: p.for_vod === 1,
      }));
    const staticBlocks = db
      .prepare<[number], { block_group: string; block_key: string; content: string }>(
        'SELECT block_group, block_key, content FROM static_blocks WHERE channel_id = ? ORDER BY block_group, block_key',
      )
      .all(c.id)
      .map((b) => ({ id: `${b.block_group}:${b.block_key}`, group: b.block_group, key: b.block_key, content: b.content }));
    return {
      channel: { id: c.id, alias: c.alias, name: c.name, logo: c.logo, country_code: c.country_code },
      language: c.language,
      currency: c.currency,
      prerolls,
      static_blocks: staticBlocks,
      tag_manager_id: c.tag_manager_id,
      product_analytics_key: c.product_analytics_key,
      stripe_publishable_key: c.stripe_publishable_key,
      preroll_timeout_ms: c.preroll_timeout_ms,
      colors: parseJson<Record<string, string>>(c.colors, {}),
    };
  },

  getMenu(ctx) {
    const rows = ctx.services.db
      .prepare<[number], { id: number; title: string; url: string; external: number; position: number }>(
        'SELECT id, title, url, external, position FROM menu_items WHERE channel_id = ? ORDER BY position, id',
      )
      .all(ctx.channel.id);
    return wholeList(rows.map((r) => ({ ...r, external: r.external === 1 })));
  },

  getSlides(ctx) {
    const type = ctx.query['type'] as string | undefined;
    const rows = ctx.services.db
      .prepare<[number, string | null, string | null], Record<string, unknown>>(
        `SELECT id, title, subtitle, image, link, slidable_type, slidable_id, position FROM slides
         WHERE channel_id = ? AND (? IS NULL OR slidable_type = ?) ORDER BY position, id`,
      )
      .all(ctx.channel.id, type ?? null, type ?? null);
    return wholeList(rows);
  },

  getPages(ctx) {
    const rows = ctx.services.db
      .prepare<[number], Record<string, unknown>>(
        'SELECT id, name, alias, url, alt_name, NULL AS content FROM pages WHERE channel_id = ? ORDER BY id',
      )
      .all(ctx.channel.id);
    return wholeList(rows);
  },

  getPage(ctx) {
    const alias = ctx.params['alias'] as string;
    const page = ctx.services.db
      .prepare<[number, string], Record<string, unknown>>('SELECT id, name, alias, url, alt_name, content FROM pages WHERE channel_id = ? AND alias = ?')
      .get(ctx.channel.id, alias);
    if (!page) throw notFound('alias', 'Page');
    return page;
  },

  getColorSettings(ctx) {
    return parseJson<Record<string, string>>(ctx.channel.colors, {});
  },

  getGeo(ctx) {
    return geoOf(ctx.channel, ctx.ip, ctx.viewer);
  },

  getFaq(ctx) {
    const rows = ctx.services.db
      .prepare<[number], Record<string, unknown>>('SELECT id, question, answer, position FROM faq_items WHERE channel_id = ? ORDER BY position, id')
      .all(ctx.channel.id);
    return wholeList(rows);
  },

  getCustomForm(ctx) {
    return formView(ctx, loadForm(ctx));
  },

  submitCustomForm(ctx) {
    const viewer = viewerOf(ctx);
    const form = loadForm(ctx);
    const values = (ctx.body as { values: FormValue[] }).values;
    checkValues(parseJson<FormField[]>(form.fields, []), values);
    ctx.services.db
      .prepare(
        `INSERT INTO custom_form_submissions (form_id, user_id, vals, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (form_id, user_id) DO UPDATE SET vals = excluded.vals, updated_at = excluded.updated_at`,
      )
      .run(form.id, viewer.id, JSON.stringify(values), ctx.now);
    return formView(ctx, form);
  },
};
