/**
 * A minimal SMTP server on 127.0.0.1 that keeps what it receives, and can be cut (listener closed, open
 * sessions dropped: senders get "connection refused") and restored on the same port. Enough of RFC 5321 for
 * nodemailer: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth.
 */
import net from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  at: number;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

const REPLIES: Record<string, string> = {
  EHLO: '250 chaos-sink\r\n',
  HELO: '250 chaos-sink\r\n',
  MAIL: '250 ok\r\n',
  RCPT: '250 ok\r\n',
  RSET: '250 ok\r\n',
  NOOP: '250 ok\r\n',
  DATA: '354 go ahead\r\n',
};

function session(socket: net.Socket, received: ReceivedMail[]) {
  let buf = '';
  let inData = false;
  let to: string[] = [];
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  socket.write('220 chaos-sink ESMTP\r\n');
  socket.on('data', (chunk: string) => {
    buf += chunk;
    for (;;) {
      if (inData) {
        const end = buf.indexOf('\r\n.\r\n');
        if (end < 0) return;
        const message = buf.slice(0, end);
        buf = buf.slice(end + 5);
        inData = false;
        const subject = /^subject: *(.*)$/im.exec(message.split('\r\n\r\n')[0] ?? '')?.[1] ?? '';
        received.push({ to, subject, at: performance.now() });
        to = [];
        socket.write('250 queued\r\n');
        continue;
      }
      const nl = buf.indexOf('\r\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'RSET') to = [];
      if (verb === 'RCPT') to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
      if (verb === 'DATA') inData = true;
      if (verb === 'QUIT') {
        socket.end('221 bye\r\n');
        return;
      }
      socket.write(REPLIES[verb] ?? '502 not implemented\r\n');
    }
  });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        session(socket, received);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        const addr = s.address();
        resolve(typeof addr === 'object' && addr ? addr.port : port);
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    received,
    cut: shut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: shut,
  };
}
