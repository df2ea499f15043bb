/**
 * The account form's real request over the typed client (auth.graphql, channel.graphql): one document per kind,
 * loaded when the request is first made, so none of them is in the app's first bundle.
 */
import { fromPromise } from 'xstate';
import type { ChannelClient } from '../../mesh/client/transport';
import type { AccountRequest, AccountResult, SignedLink } from './account-form.types';

const linkVariables = (link: SignedLink | null): SignedLink => {
  // The machine sends only complete links (account-form.guards.ts).
  if (!link) throw new Error('accountForm: a link request without its link');
  return { email: link.email, expires: link.expires, signature: link.signature };
};

const answered = (message: string | null | undefined): AccountResult => ({ message: message ?? null, profile: null });

async function send(client: ChannelClient, request: AccountRequest, signal: AbortSignal): Promise<AccountResult> {
  switch (request.kind) {
    case 'verifyEmail': {
      const { VerifyEmailDocument } = await import('../../mesh/client/generated/documents/VerifyEmail');
      return answered((await client.request(VerifyEmailDocument, linkVariables(request.link), { signal })).verifyEmail?.message);
    }
    case 'passwordResetRequest': {
      const { RequestPasswordResetDocument } = await import('../../mesh/client/generated/documents/RequestPasswordReset');
      const { requestPasswordReset } = await client.request(RequestPasswordResetDocument, { email: request.email.trim() }, { signal });
      return answered(requestPasswordReset?.message);
    }
    case 'passwordReset': {
      const { ResetPasswordDocument } = await import('../../mesh/client/generated/documents/ResetPassword');
      const variables = { ...linkVariables(request.link), password: request.password, passwordConfirmation: request.passwordConfirmation };
      return answered((await client.request(ResetPasswordDocument, variables, { signal })).resetPassword?.message);
    }
    case 'confirmAccountDeletion': {
      const { ConfirmAccountDeletionDocument } = await import('../../mesh/client/generated/documents/ConfirmAccountDeletion');
      const { confirmAccountDeletion } = await client.request(ConfirmAccountDeletionDocument, linkVariables(request.link), { signal });
      return answered(confirmAccountDeletion?.message);
    }
    case 'profileUpdate': {
      const { UpdateProfileDocument } = await import('../../mesh/client/generated/documents/UpdateProfile');
      const { fields } = request;
      // An empty password keeps the current one; an empty phone clears it.
      const password = fields.password === '' ? {} : { password: fields.password, passwordConfirmation: fields.passwordConfirmation };
      const phone = fields.phone.trim();
      const variables = { firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), phone: phone === '' ? null : phone, ...password };
      const { profile } = await client.request(UpdateProfileDocument, variables, { signal });
      if (!profile) throw new Error('the API answered no profile');
      return { message: null, profile };
    }
    case 'requestAccountDeletion': {
      const { RequestAccountDeletionDocument } = await import('../../mesh/client/generated/documents/RequestAccountDeletion');
      await client.request(RequestAccountDeletionDocument, {}, { signal });
      return answered(null);
    }
    case 'passesForm': {
      const { SubmitCustomFormDocument } = await import('../../mesh/client/generated/documents/SubmitCustomForm');
      const values = request.values.filter((v) => v.value !== '').map((v) => ({ name: v.name, value: v.value }));
      await client.request(SubmitCustomFormDocument, { alias: request.form.alias, values }, { signal });
      return answered(null);
    }
    case 'contactRequest': {
      const { SendContactRequestDocument } = await import('../../mesh/client/generated/documents/SendContactRequest');
      const { fields } = request;
      const optional = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
      const variables = { name: fields.name.trim(), email: fields.email.trim(), phone: optional(fields.phone), subject: optional(fields.subject), message: fields.message.trim() };
      return answered((await client.request(SendContactRequestDocument, variables, { signal })).receipt?.message);
    }
  }
}

export function createAccountFormActors(deps: { client: ChannelClient }) {
  return {
    submitRequest: fromPromise<AccountResult, AccountRequest>(({ input, signal }) => send(deps.client, input, signal)),
  };
}
