/**
 * The passes custom form (SPEC §4: fetched after login; §6: a viewer must choose a basic pass to reach most pages),
 * shown to a signed-in viewer who has not filled it. Its fields come from the channel (`GET /custom-forms/passes`);
 * once it is sent the session loads the profile again and the navigation rules let the viewer go.
 */
import type { Message } from '../../../mesh/messages';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassesForm } from '../../../machines/account-form/account-form.types';
import { useAccountForm, useNeedsBasicPass, usePassesForm } from '../../app/facades/account';
import { AccountFormFlow } from '../../app/flows';
import { ErrorNotice, FormNotice, SubmitButton } from '../../components/form/Fields';
import { useMessage } from '../../i18n/messages';
import * as styles from '../../components/form/form.css';

export function PassesFormPanel() {
  const form = usePassesForm();
  const needsBasicPass = useNeedsBasicPass();
  if (!form || !needsBasicPass) return null;
  return (
    <AccountFormFlow.Scope input={{}}>
      <PassesFormFields form={form} />
    </AccountFormFlow.Scope>
  );
}

type FormField = NonNullable<PassesForm['fields'][number]>;

function PassesFormFields({ form }: { form: PassesForm }) {
  const { t } = useTranslation();
  const { busy, done, error, submit } = useAccountForm();
  const fields = form.fields.filter((field): field is FormField => field !== null);
  const given = new Map(form.values.flatMap((v) => (v ? [[v.name, v.value] as const] : [])));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = fields.map((field) => {
      const value = data.get(field.name);
      if (field.type === 'checkbox') return { name: field.name, value: value === 'true' ? 'true' : 'false' };
      return { name: field.name, value: typeof value === 'string' ? value : '' };
    });
    submit({ kind: 'passesForm', form, values });
  };
  return (
    <section className={styles.card} aria-labelledby="passes-form-title">
      <h2 id="passes-form-title" className={styles.sectionTitle}>
        {form.name}
      </h2>
      <p className={styles.lead}>{t('account.passesFormLead')}</p>
      {done && <FormNotice tone="success">{t('account.passesFormSaved')}</FormNotice>}
      <ErrorNotice error={error} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="passes-form-title">
        {fields.map((field) => (
          <CustomField key={field.name} field={field} value={given.get(field.name) ?? ''} errors={error?.fieldErrors[field.name]} />
        ))}
        <SubmitButton busy={busy} label="account.passesFormSubmit" busyLabel="account.saving" />
      </form>
    </section>
  );
}

function CustomField({ field, value, errors }: { field: FormField; value: string; errors: readonly Message[] | undefined }) {
  const message = useMessage();
  const id = useId();
  const invalid = (errors ?? []).length > 0;
  const error = invalid && (
    <p id={`${id}-error`} className={styles.fieldError}>
      {(errors ?? []).map((m) => message(m)).join(' ')}
    </p>
  );
  const aria = { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-error` : undefined };
  if (field.type === 'checkbox') {
    return (
      <div className={styles.field}>
        <div className={styles.checkbox}>
          <input id={id} name={field.name} type="checkbox" value="true" defaultChecked={value === 'true'} className={styles.checkboxInput} {...aria} />
          <label htmlFor={id}>{field.label}</label>
        </div>
        {error}
      </div>
    );
  }
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {field.label}
      </label>
      {field.type === 'select' ? (
        <select id={id} name={field.name} defaultValue={value} className={styles.input} required={field.required} {...aria}>
          <option value="" />
          {field.options.flatMap((option) =>
            option ? [
              <option key={option.value} value={option.value}>
                {option.label}
              </option>,
            ] : [],
          )}
        </select>
      ) : (
        <input id={id} name={field.name} defaultValue={value} className={styles.input} required={field.required} {...aria} />
      )}
      {error}
    </div>
  );
}
