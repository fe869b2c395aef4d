import type { ApolloServerPlugin } from '@apollo/server';
import { askedLocale, localizedFor } from '../../kernel/answer-language';

/** A field's message as `formattedAppError` puts it in `extensions.fields`. */
interface FieldMessage {
  field: string;
  message: string;
}

const isFieldMessage = (v: unknown): v is FieldMessage =>
  typeof v === 'object' && v !== null && typeof (v as FieldMessage).message === 'string';

/**
 * Adds `extensions.localizedMessage` (and one per field) to a GraphQL answer's errors when the
 * request has `Accept-Language`: the English `message` and the `code` stay what integrations
 * read; people get the text in their language.
 */
export function localizedErrorsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart({ request }) {
      const locale = askedLocale(request.http?.headers.get('accept-language'));
      if (!locale) return;
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
          response.body.singleResult.errors = response.body.singleResult.errors.map((error) => {
            const fields = error.extensions?.fields;
            return {
              ...error,
              extensions: {
                ...error.extensions,
                ...localizedFor(locale, error.message),
                ...(Array.isArray(fields)
                  ? {
                      fields: fields.map((f: unknown) =>
                        isFieldMessage(f) ? { ...f, ...localizedFor(locale, f.message) } : f,
                      ),
                    }
                  : {}),
              },
            };
          });
        },
      };
    },
  };
}
