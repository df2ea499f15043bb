import { parseJson } from '../db/database';
import type { Db } from '../db/database';
import { invalid, notFound } from './errors';

interface FormField {
  name: string;
  label: string;
  type: 'text' | 'select' | 'checkbox';
  required: boolean;
  options: Array<{ value: string; label: string }>;
}
export interface FormValue {
  name: string;
  value: string;
}
interface FormRow {
  id: number;
  alias: string;
  name: string;
  flag: number;
  fields: string;
}

function loadForm(db: Db, channelId: number, alias: string): FormRow {
  const form = db
    .prepare<[number, string], FormRow>('SELECT id, alias, name, flag, fields FROM custom_forms WHERE channel_id = ? AND alias = ?')
    .get(channelId, alias);
  if (!form) throw notFound('alias', 'Custom form');
  return form;
}

function formView(db: Db, form: FormRow, viewerId: number | null) {
  const submission =
    viewerId !== null
      ? db
          .prepare<[number, number], { vals: string; updated_at: number }>('SELECT vals, updated_at FROM custom_form_submissions WHERE form_id = ? AND user_id = ?')
          .get(form.id, viewerId)
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

/** A custom form of the channel, with the viewer's submitted values when there is a viewer. */
export function customForm(db: Db, channelId: number, alias: string, viewerId: number | null) {
  return formView(db, loadForm(db, channelId, alias), viewerId);
}

/** Records (or replaces) the viewer's values for a form, once they pass the form's own rules. */
export function submitCustomForm(db: Db, channelId: number, alias: string, viewerId: number, values: FormValue[], now: number) {
  const form = loadForm(db, channelId, alias);
  checkValues(parseJson<FormField[]>(form.fields, []), values);
  db.prepare(
    `INSERT INTO custom_form_submissions (form_id, user_id, vals, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (form_id, user_id) DO UPDATE SET vals = excluded.vals, updated_at = excluded.updated_at`,
  ).run(form.id, viewerId, JSON.stringify(values), now);
  return formView(db, form, viewerId);
}
