import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError, OperationDefinitionNode } from 'graphql';
import { Counter, type Registry } from 'prom-client';
import { CLIENT_OPERATION_NAMES } from './client-operations';

const CODE_RE = /^[A-Z][A-Z0-9_]{0,47}$/;

/**
 * Operation names as labels, bounded: only known names (the web client's operations, listed when
 * the server is built) become labels, every other name is `other`. Any caller chooses the name it
 * sends, so names first seen at run time would let guests fill the label set after each restart.
 */
export class OperationNames {
  private readonly known: ReadonlySet<string>;
  constructor(known: Iterable<string> = CLIENT_OPERATION_NAMES) {
    this.known = new Set(known);
  }

  /** The label for an operation's name (`anonymous` when it has none). */
  label(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    return this.known.has(name) ? name : 'other';
  }
}

/** An error's `extensions.code` as a label; codes are the server's own, but a label never grows unbounded. */
function codeLabel(code: unknown): string {
  if (code === undefined || code === null) return 'NONE';
  return typeof code === 'string' && CODE_RE.test(code) ? code : 'OTHER';
}

/**
 * Counts operations by name and type (`query`, `mutation`; `invalid` / `unknown` when the document
 * did not parse or validate) and the errors answered, by `extensions.code` after formatting (what
 * clients saw), including a failed session check before the operation ran. An Apollo plugin: every
 * GraphQL request goes through Apollo's pipeline, so it sees every answer.
 */
export function graphqlMetrics(registry: Registry, names = new OperationNames()): ApolloServerPlugin {
  const operations = new Counter({
    name: 'cryptovest_graphql_operations_total',
    help: 'GraphQL operations answered, by operation name and type',
    labelNames: ['operation', 'type'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'cryptovest_graphql_errors_total',
    help: 'GraphQL errors answered, by extensions.code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const answered = (
    operation: OperationDefinitionNode | null | undefined,
    sent: readonly GraphQLFormattedError[] | undefined,
  ) => {
    operations.inc({
      operation: operation ? names.label(operation.name?.value) : 'invalid',
      type: operation?.operation ?? 'unknown',
    });
    for (const e of sent ?? []) errors.inc({ code: codeLabel(e.extensions?.code) });
  };
  return {
    async contextCreationDidFail({ error }) {
      // Apollo answers a non-GraphQL error thrown here as INTERNAL_SERVER_ERROR.
      const code = (error as { extensions?: { code?: unknown } }).extensions?.code ?? 'INTERNAL_SERVER_ERROR';
      errors.inc({ code: codeLabel(code) });
    },
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response }) {
          const body = response.body;
          answered(operation, body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors);
        },
      };
    },
  };
}
