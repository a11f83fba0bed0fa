import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * Named prepared statements on PGlite, which its `query` does not offer: it parses and plans every
 * statement again and sends parse, describe, bind, describe, execute and sync as six calls into
 * PostgreSQL. A statement run here is parsed once (its parameter types read then), and each run is
 * one call: bind, describe, execute and sync together. PostgreSQL keeps the plan, so a hot path's
 * statement is not planned again, nor are the sizes of its tables read from the files for it.
 *
 * Each run waits its turn as `query` does: after any open transaction, alone on the connection,
 * with the data synced to the files after it.
 */
export function createPglitePreparedStatements(client: PGlite) {
  /** Each statement parsed on this database, by name: its text and its parameters' types. */
  const parsed = new Map<string, { text: string; parameterTypes: number[] }>();

  async function parameterTypesOf(name: string, text: string): Promise<number[]> {
    const known = parsed.get(name);
    if (known) {
      // As node-postgres refuses it: one name, two texts would run the first with the second's values.
      if (known.text !== text) throw new Error(`Prepared statement "${name}" was already parsed with another text.`);
      return known.parameterTypes;
    }
    const messages = await client.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameterTypes = parse.parseDescribeStatementResults(messages);
    parsed.set(name, { text, parameterTypes });
    return parameterTypes;
  }

  return {
    /** Runs the statement `name` (parsed from `text` on first use) with `params`. */
    async run(name: string, text: string, params: unknown[]): Promise<Results> {
      // Refused once the database is closing, as `query` refuses it.
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          try {
            const parameterTypes = await parameterTypesOf(name, text);
            const values = params.map((value, index) => {
              if (value === null || value === undefined) return null;
              const serialize = client.serializers[parameterTypes[index] ?? 0];
              // A type PGlite has no serializer for: the value's text, as `query` sends it.
              // eslint-disable-next-line @typescript-eslint/no-base-to-string
              return serialize ? serialize(value) : String(value);
            });
            const messages = await client.execProtocolStream(
              concat([
                protocol.serialize.bind({ statement: name, values }),
                protocol.serialize.describe({ type: 'P' }),
                protocol.serialize.execute({}),
                protocol.serialize.sync(),
              ]),
              { syncToFs: false },
            );
            await client.syncToFs();
            // The database's own parsers, which read timestamps, dates and intervals as text once it is
            // opened (useTextParsers): passing them with the call would have PGlite copy all of them.
            const [results] = parse.parseResults(messages, client.parsers, { rowMode: 'object' });
            return results ?? { rows: [], fields: [] };
          } catch (error) {
            throw new DrizzleQueryError(text, params, error instanceof Error ? error : undefined);
          }
        }),
      );
    },
  };
}

export type PglitePreparedStatements = ReturnType<typeof createPglitePreparedStatements>;
