import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const MONEY_PATTERN = /^-?\d+(\.\d+)?$/;

function parseMoney(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !MONEY_PATTERN.test(text.trim())) {
    throw new GraphQLError('Expected a decimal string such as "150.25"', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return text.trim();
}

/**
 * An exact decimal scalar. Serialised as a string so no client ever sees float rounding;
 * Postgres `numeric` values arrive from the driver as strings and pass straight through.
 */
function decimalScalar(name: string, description: string): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (typeof value === 'string' ? value : String(value)),
    parseValue: parseMoney,
    parseLiteral(ast) {
      if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return parseMoney(ast.value);
      throw new GraphQLError(`${name} must be a decimal string`, { extensions: { code: 'BAD_USER_INPUT' } });
    },
  });
}

/** Dollar amounts. */
export const MoneyScalar = decimalScalar(
  'Money',
  'An exact decimal amount in US dollars, serialised as a string with all its decimals: transaction amounts 2 ("4999.00"); account buckets, ledger amounts and profits the ledger\'s 5 ("4999.00000").',
);

/** Non-money exact decimals such as percentages. */
export const DecimalScalar = decimalScalar('Decimal', 'An exact decimal number serialised as a string (e.g. "12.50").');
