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

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ParsedStatement = { text: string; parameterTypes: number[]; columns: BackendMessage | undefined };

/**
 * Named prepared statements on PGlite, which its `query` does not offer: it parses and plans every
 * statement again and sends parse, describe, bind, describe, execute and sync as six calls into
 * PostgreSQL. A statement run here is parsed and described once (its parameter types and its
 * columns read then), and each run is one call: bind, execute and sync together. PostgreSQL keeps
 * the plan, so a hot path's statement is not planned again, nor are the sizes of its tables read
 * from the files for it; and its columns are not described again on every run (PostgreSQL building
 * the description and PGlite reading it back cost about 2 µs a column, each run).
 *
 * Each run waits its turn as `query` does: after any open transaction, alone on the connection,
 * with the data synced to the files after it.
 */
export function createPglitePreparedStatements(client: PGlite): PglitePreparedStatements {
  /**
   * Each statement parsed on this database, by name: its text, its parameters' types and the
   * description of its columns (none for a statement that answers no rows).
   */
  const parsed = new Map<string, ParsedStatement>();

  async function parsedOf(name: string, text: string): Promise<ParsedStatement> {
    const known = parsed.get(name);
    if (known) {
      // As node-postgres refuses it: one name, two texts would run the first with the second's values.
      if (known.text !== text) throw new Error(`Prepared statement "${name}" was already parsed with another text.`);
      return known;
    }
    const messages = await client.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      text,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      // A statement's columns cannot change while it exists: PostgreSQL refuses to run it if its
      // plan would answer other ones ("cached plan must not change result type").
      columns: messages.find((message) => message.name === 'rowDescription'),
    };
    parsed.set(name, statement);
    return statement;
  }

  return {
    async run(name: string, text: string, params: unknown[]): Promise<Results> {
      // Refused once the database is closing, as `query` refuses it.
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          try {
            const { parameterTypes, columns } = await parsedOf(name, text);
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
                protocol.serialize.execute({}),
                protocol.serialize.sync(),
              ]),
              { syncToFs: false },
            );
            await client.syncToFs();
            // The database's own parsers, which read timestamps, dates and intervals as text once it is
            // opened (useTextParsers): passing them with the call would have PGlite copy all of them.
            // The rows are read with the columns described when the statement was parsed.
            const [results] = parse.parseResults(columns ? [columns, ...messages] : messages, client.parsers, {
              rowMode: 'object',
            });
            return results ?? { rows: [], fields: [] };
          } catch (error) {
            throw new DrizzleQueryError(text, params, error instanceof Error ? error : undefined);
          }
        }),
      );
    },
  };
}

/** Named statements on a PGlite: here, on this thread, or on the database worker (`pglite-on-worker.ts`). */
export type PglitePreparedStatements = {
  /**
   * Runs the statement `name` (parsed from `text` on first use) with `params`. `waitsForDisk`
   * false: its commit need not wait for the disk, so the database worker's group commit answers it
   * without waiting for a flush (`pglite-group-commit.ts`); on this thread each commit waits as the
   * session says.
   */
  run: (name: string, text: string, params: unknown[], options?: { waitsForDisk?: boolean }) => Promise<Results>;
};
