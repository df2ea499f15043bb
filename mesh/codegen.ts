/**
 * Typed documents for the browser: codegen's client preset over the schema Mesh builds. Never imports .mesh/.
 * A TypeScript config, not YAML, because the metadata each document carries is computed by a function
 * (`onExecutableDocumentNode`).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { documentMeta } from './document-meta';

const config: CodegenConfig = {
  schema: 'mesh/.mesh/schema.graphql',
  documents: 'mesh/operations/*.graphql',
  generates: {
    'mesh/client/generated/': {
      preset: 'client',
      presetConfig: {
        fragmentMasking: false,
        // Each document is its metadata only (`__meta__`: hash, name, root fields; mesh/client/document.ts), no AST:
        // the browser sends the hash, persisted-documents.json maps the hashes to the text, and /graphql runs only
        // these documents (mesh/trusted-documents.js).
        persistedDocuments: { mode: 'replaceDocumentWithHash', hashAlgorithm: 'sha256' },
        onExecutableDocumentNode: documentMeta,
      },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        scalars: {
        JSON: 'unknown',
        BigInt: 'number',
        NonNegativeInt: 'number',
        PositiveInt: 'number',
        NonEmptyString: 'string',
        NonNegativeFloat: 'number',
        PositiveFloat: 'number',
        EmailAddress: 'string',
        ObjMap: 'unknown',
        // Mesh names a bounded string after its component schema in openapi.yaml (ShortText, PromoCode, ...): strings.
        HexColor: 'string',
        UUID: 'string',
        DateTime: 'string',
        OpaqueKey: 'string',
        SignInNonce: 'string',
        PageAlias: 'string',
        FormAlias: 'string',
        FormFieldName: 'string',
        FormFieldValue: 'string',
        ShortText: 'string',
        NullableShortText: 'string',
        SearchText: 'string',
        PromoCode: 'string',
        AnalyticsProfileKey: 'string',
        OriginUrl: 'string',
        OuterSource: 'string',
        NullableOuterSource: 'string',
        UrlText: 'string',
        PageTitle: 'string',
        SubEventName: 'string',
        ErrorText: 'string',
        PlayerErrorText: 'string',
        IpAddress: 'string',
        EncodedUserAgent: 'string',
        ScreenResolution: 'string',
        ServiceName: 'string',
        LogMessage: 'string',
        RequestData: 'string',
        LoginEmail: 'string',
        LoginPassword: 'string',
        NewPassword: 'string',
        PasswordConfirmation: 'string',
        PersonName: 'string',
        DisplayName: 'string',
        PhoneNumber: 'string',
        LanguageCode: 'string',
        NullableLanguageCode: 'string',
        SocialAccessToken: 'string',
        LinkSignature: 'string',
        PaymentMethodId: 'string',
        SetupIntentId: 'string',
        PaymentClientSecret: 'string',
        SetupIntentClientSecret: 'string',
        CardNumber: 'string',
        CardCvc: 'string',
        ClipName: 'string',
        ClipTag: 'string',
        },
      },
    },
  },
};

export default config;
