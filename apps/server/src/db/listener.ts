import pg from 'pg';

/** One LISTEN connection, kept open: heard payloads go to `onPayload`; after a reconnect `onReconnect` runs. */
export interface Listener {
  stop(): Promise<void>;
}

export interface ListenerOptions {
  /** Runs once the connection listens (again): a notice sent while it was away was lost, so the caller re-reads. */
  onListening?: () => void;
  /** The first wait before reconnecting; doubled up to 10 s while the database stays away. */
  retryMs?: number;
}

/**
 * Listens on `channel` with a connection of its own, outside the pool (a pooled client is lent and returned; a
 * listener must stay), so one instance holds one such connection whatever the number of open pages. A lost
 * connection (database restart) is opened again with backoff.
 */
export function listen(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  opts: ListenerOptions = {},
): Listener {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry = opts.retryMs ?? 500;
  let timer: NodeJS.Timeout | null = null;

  const reconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, retry);
    retry = Math.min(retry * 2, 10_000);
  };

  const open = async () => {
    const c = new pg.Client({ connectionString: url, application_name: `listen ${channel}` });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', () => {
      // The connection broke: drop it and open another.
      void c.end().catch(() => {});
      if (client === c) client = null;
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) return void (await c.end().catch(() => {}));
      retry = opts.retryMs ?? 500;
      opts.onListening?.();
    } catch {
      void c.end().catch(() => {});
      if (client === c) client = null;
      reconnect();
    }
  };

  void open();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
