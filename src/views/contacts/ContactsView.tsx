/**
 * Contact us (SPEC §2, §9): the channel's contact details from its static blocks, and a form that sends a request
 * to its support team (POST /contact-requests), for visitors and viewers alike. The account-form machine checks it
 * against SPEC §5 before it is sent and sends it once; what was typed stays in the form after a refusal.
 */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountForm, useViewerProfile } from '../../app/facades/account';
import { useStaticBlock } from '../../app/facades/channel';
import { AccountFormFlow } from '../../app/flows';
import { ErrorNotice, fieldValue, FormNotice, SubmitButton, TextAreaField, TextField } from '../../components/form/Fields';
import * as formStyles from '../../components/form/form.css';
import * as pageStyles from '../../components/page.css';
import * as styles from './contacts.css';

export function ContactsView() {
  const { t } = useTranslation();
  return (
    <article className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('pages.contacts')}</h1>
      <p className={pageStyles.lead}>{t('contacts.lead')}</p>
      <div className={styles.layout}>
        <ContactDetails />
        <section className={styles.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.heading}>
            {t('contacts.formTitle')}
          </h2>
          <p className={styles.policy}>{t('policy.contactReview')}</p>
          <AccountFormFlow.Scope input={{}}>
            <ContactForm />
          </AccountFormFlow.Scope>
        </section>
      </div>
    </article>
  );
}

function ContactDetails() {
  const { t } = useTranslation();
  const email = useStaticBlock('contacts:email');
  const phone = useStaticBlock('contacts:phone');
  const address = useStaticBlock('contacts:address');
  const hours = useStaticBlock('contacts:hours');
  if (!email && !phone && !address && !hours) return null;
  return (
    <section className={styles.details} aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className={styles.heading}>
        {t('contacts.detailsTitle')}
      </h2>
      <dl className={styles.list}>
        {email && (
          <div>
            <dt>{t('account.email')}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>{t('contacts.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </div>
        )}
        {address && (
          <div>
            <dt>{t('contacts.address')}</dt>
            <dd>{address}</dd>
          </div>
        )}
        {hours && (
          <div>
            <dt>{t('contacts.hours')}</dt>
            <dd>{hours}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function ContactForm() {
  const { t } = useTranslation();
  const profile = useViewerProfile();
  const { busy, done, error, submit, edited } = useAccountForm();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submit({
      kind: 'contactRequest',
      fields: {
        name: fieldValue(form, 'name'),
        email: fieldValue(form, 'email'),
        phone: fieldValue(form, 'phone'),
        subject: fieldValue(form, 'subject'),
        message: fieldValue(form, 'message'),
      },
    });
  };
  // The receipt is told in the viewer's language (the API's own words are English).
  if (done) return <FormNotice tone="success">{t('contacts.sent')}</FormNotice>;
  const fieldErrors = error?.fieldErrors;
  const name = profile ? `${profile.first_name ?? ''} ${profile.last_name ?? ''}`.trim() : '';
  return (
    <>
      <ErrorNotice error={error} />
      <form className={formStyles.form} onSubmit={onSubmit} onChange={error ? edited : undefined} noValidate aria-label={t('contacts.formTitle')}>
        <TextField name="name" label="contacts.name" autoComplete="name" defaultValue={name} errors={fieldErrors} required />
        <TextField name="email" label="account.email" type="email" autoComplete="email" defaultValue={profile?.email ?? ''} errors={fieldErrors} required />
        <TextField name="phone" label="account.phone" type="tel" autoComplete="tel" defaultValue={profile?.phone ?? ''} errors={fieldErrors} />
        <TextField name="subject" label="contacts.subject" errors={fieldErrors} />
        <TextAreaField name="message" label="contacts.message" rows={6} errors={fieldErrors} required />
        <SubmitButton busy={busy} label="contacts.send" busyLabel="account.sending" />
      </form>
    </>
  );
}
