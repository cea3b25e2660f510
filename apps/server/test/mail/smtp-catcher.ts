import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it, its MIME parts decoded. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  contentType: string;
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a random port, keeping every mail it accepts.
 * stop() closes it (the shop then meets "connection refused"); start() brings it back on the same port.
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          this.mails.push({ to, ...parseMime(Buffer.concat(chunks).toString('utf8')) });
          done();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): CaughtMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }
}

// ---------------------------------------------------------------- a small MIME reader, enough for nodemailer's output

function splitHead(raw: string): [Map<string, string>, string] {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return [headers, raw.slice(at + 4)];
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQp(body);
  return body;
}

function parseMime(raw: string): Omit<CaughtMail, 'to'> {
  const [headers, body] = splitHead(raw);
  const contentType = headers.get('content-type') ?? '';
  const out = { subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '', contentType };
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitHead(p.replace(/^\r\n/, '')))
    : [[headers, body] as [Map<string, string>, string]];
  for (const [h, b] of parts) {
    const type = (h.get('content-type') ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain')) out.text = decodeBody(h, b.replace(/\r\n$/, ''));
    if (type.startsWith('text/html')) out.html = decodeBody(h, b.replace(/\r\n$/, ''));
  }
  return out;
}
