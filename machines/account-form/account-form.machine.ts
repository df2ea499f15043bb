/**
 * One account request through a form or a mailed link (SPEC §7 "Auth and user"): checked against SPEC §5 before it
 * is sent, sent once (the form is busy meanwhile, a second press does nothing), then done or refused with SPEC §8's
 * words. A followed link sends itself as the page opens. What the request changes for the session (a saved profile,
 * a new password, a deleted account) leaves through `announceDone`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { accountErrorOf, accountFormGuards, refusalOf } from './account-form.guards';
import type { AccountFormContext, AccountFormEvent, AccountFormInput, AccountRequest, AccountResult } from './account-form.types';

/** A submitted form: sent when it passes the checks, otherwise refused with each field's message. */
const submit = [
  {
    guard: { type: 'isValidRequest', params: ({ event }: { event: AccountFormEvent }) => requestOf(event) },
    target: '#accountForm.submitting',
    actions: { type: 'keepRequest', params: ({ event }: { event: AccountFormEvent }) => requestOf(event) },
    description: 'The form passes the SPEC §5 checks: send it.',
  },
  {
    target: '#accountForm.editing',
    actions: { type: 'refuse', params: ({ event }: { event: AccountFormEvent }) => requestOf(event) },
    description: 'A field breaks a SPEC §5 rule (or the link lacks a part): each field says why, nothing is sent.',
  },
] as const;

function requestOf(event: AccountFormEvent): AccountRequest {
  if (event.type !== 'form.submit') throw new Error(`accountForm: ${event.type} carries no request`);
  return event.request;
}

export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    events: {} as AccountFormEvent,
    input: {} as AccountFormInput | undefined,
    /** `linkIncomplete`: the page's mailed link lacks a part; the page says so and offers a new one. */
    tags: {} as 'busy' | 'done' | 'linkIncomplete',
  },
  actors: {
    submitRequest: fromPromise<AccountResult, AccountRequest>(notProvided('submitRequest')),
  },
  guards: accountFormGuards,
  actions: {
    keepRequest: assign((_, request: AccountRequest) => ({ request, error: null })),
    refuse: assign((_, request: AccountRequest) => ({ error: refusalOf(request) })),
    keepResult: assign((_, result: AccountResult) => ({ result, error: null })),
    rememberError: assign((_, failure: { error: unknown }) => ({ error: accountErrorOf(failure.error) })),
    clearError: assign({ error: null }),
    /** App effect: the request changed the viewer's account (the session loads it again). No-op by default. */
    announceDone: (_, _done: { request: AccountRequest; result: AccountResult }) => undefined,
  },
}).createMachine({
  id: 'accountForm',
  description:
    'An account form or a followed mailed link: checked, sent once, then done or refused with the reason. Used by ' +
    'email verification, password reset, the profile edit, account deletion, the passes form and the contact form.',
  context: ({ input }) => ({ request: input?.submitOnStart ?? null, linkCutShort: input?.mailedLink === null, result: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'A followed link sends itself; a form waits for the viewer.',
      always: [
        { guard: 'submitsOnStart', target: 'checkingLink', description: 'The page was opened from a mailed link.' },
        {
          guard: 'isLinkCutShort',
          target: 'linkIncomplete',
          description: 'The page’s form needs a mailed link, and its address lacks a part of one.',
        },
        { target: 'editing', description: 'A form to fill in.' },
      ],
    },
    checkingLink: {
      description: "The link's parts are checked before it is sent: a link cut short is refused here.",
      always: [
        {
          guard: { type: 'isValidRequest', params: ({ context }) => context.request as AccountRequest },
          target: 'submitting',
          description: 'The link has every part.',
        },
        {
          target: 'editing',
          actions: { type: 'refuse', params: ({ context }) => context.request as AccountRequest },
          description: 'A part of the link is missing: refused with the link failure, nothing is sent.',
        },
      ],
    },
    linkIncomplete: {
      description:
        'Opened without its mailed link’s parts (a new password, a deletion’s confirmation): no form to fill in, ' +
        'nothing to send; the page says the link is incomplete and how to ask for a new one.',
      tags: ['linkIncomplete'],
    },
    editing: {
      description: 'The viewer fills in the form; after a refusal it shows why.',
      on: {
        'form.submit': submit,
        'form.edit': { actions: 'clearError', description: 'A field changed: the refusal no longer applies.' },
      },
    },
    submitting: {
      description: 'The request is on its way; the form is busy and a second press does nothing.',
      tags: ['busy'],
      invoke: {
        id: 'submitRequest',
        src: 'submitRequest',
        input: ({ context }) => context.request as AccountRequest,
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => event.output },
            { type: 'announceDone', params: ({ context, event }) => ({ request: context.request as AccountRequest, result: event.output }) },
          ],
          description: 'Done: the page says so, and the session hears what changed.',
        },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          description: 'Refused or failed: the form shows why (SPEC §8).',
        },
      },
    },
    done: {
      description: 'The request went through; a form such as the profile edit can be sent again.',
      tags: ['done'],
      on: { 'form.submit': submit },
    },
  },
});
