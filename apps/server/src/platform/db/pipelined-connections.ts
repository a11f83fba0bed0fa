import pg from 'pg';

/** What `runPreparedStatement` needs of a connection: node-postgres's `query(config, values)`. */
export type PipelinedConnections = {
  query: (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  /** Statements sent and not answered yet, per connection (for tests and logs). */
  pending: () => number[];
  close: () => Promise<void>;
};

/** Idle time before TCP keep-alive probes start on a pipelined connection. */
const KEEP_ALIVE_DELAY_MS = 10_000;

type Slot = {
  /** Undefined until first used, and again after its connection was lost. */
  client: pg.Client | undefined;
  /** While `client` connects: resolves once it can take statements, rejects when it could not connect. */
  ready: Promise<void> | undefined;
  pending: number;
  /** Whether the statements sent in this turn of the event loop are being held for one write. */
  isHoldingWrites: boolean;
};

/**
 * A few PostgreSQL connections in node-postgres's pipeline mode, for the hot path's statements
 * that are each their own transaction (`runPreparedStatement` on the database itself). A
 * connection in pipeline mode sends a statement without waiting for the answers to the ones
 * before it; each still ends with its own Sync, so each is its own transaction and an error
 * fails that statement only. Under load one backend then runs a burst of statements per wake-up
 * instead of one, which is what saves the database's and the server's CPU.
 *
 * A statement goes to the connection with the fewest unanswered ones; the connections run side
 * by side, so a durable commit waiting for its log flush holds up only the statements behind it
 * on its own connection, and the others' commits share flushes. A lost connection fails the
 * statements it had (as a pooled one does) and is opened again for the next statement.
 */
export function openPipelinedConnections(options: {
  url: string;
  count: number;
  onError?: (error: Error) => void;
}): PipelinedConnections {
  const slots: Slot[] = Array.from({ length: options.count }, () => ({
    client: undefined,
    ready: undefined,
    pending: 0,
    isHoldingWrites: false,
  }));
  let closed = false;

  function open(slot: Slot): pg.Client {
    // Unlike the pool's, these connections are never idle-closed: TCP keep-alive keeps a NAT or load
    // balancer from dropping a quiet one silently, and finds a peer that is gone.
    const client = new pg.Client({
      connectionString: options.url,
      pipeline: true,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    const drop = () => {
      if (slot.client !== client) return;
      slot.client = undefined;
      slot.ready = undefined;
    };
    // A lost connection: pg fails every statement it had; without a listener 'error' would end the
    // process. Only its first error is reported (pg follows a server's shutdown notice with
    // "Connection terminated unexpectedly"), and not the notice of an administrator's shutdown.
    client.on('error', (error: Error & { code?: string }) => {
      const isFirst = slot.client === client;
      drop();
      if (isFirst && !closed && error.code !== '57P01') options.onError?.(error);
    });
    client.on('end', drop);
    slot.client = client;
    slot.ready = client.connect().then(
      () => {
        if (slot.client === client) slot.ready = undefined;
      },
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    return client;
  }

  function leastBusy(): Slot {
    let best = slots[0]!;
    for (const slot of slots) if (slot.pending < best.pending) best = slot;
    return best;
  }

  /**
   * Holds the connection's writes until the I/O callbacks of this turn of the event loop have run
   * (`setImmediate`): the statements they send go out in one write, which wakes the backend once.
   */
  function holdWrites(slot: Slot, client: pg.Client) {
    if (slot.isHoldingWrites) return;
    slot.isHoldingWrites = true;
    const { stream } = client.connection;
    stream.cork();
    setImmediate(() => {
      slot.isHoldingWrites = false;
      stream.uncork();
    });
  }

  function send(slot: Slot, config: pg.QueryConfig, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const client = slot.client ?? open(slot);
    const { ready } = slot;
    if (ready) return ready.then(() => client.query(config, values));
    holdWrites(slot, client);
    return client.query(config, values);
  }

  return {
    query(config, values) {
      if (closed) return Promise.reject(new Error('The database is closed'));
      const slot = leastBusy();
      slot.pending += 1;
      const done = () => {
        slot.pending -= 1;
      };
      const result = send(slot, config, values);
      result.then(done, done);
      return result;
    },
    pending: () => slots.map((slot) => slot.pending),
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const { client, ready } = slot;
          if (!client) return;
          await ready?.catch(() => undefined);
          await client.end().catch(() => undefined);
        }),
      );
    },
  };
}
