/**
 * A mail server for tests, on 127.0.0.1: it speaks just enough SMTP for nodemailer, keeps every
 * message it accepts, and refuses the recipients it is told to (550, as a real server answers a
 * mailbox that does not exist), so a test can see an email delivered and one refused.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body. */
  data: string;
}

export interface TestMailServer {
  /** smtp://127.0.0.1:{port}, for the store's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Lower-cased addresses whose mail is refused. */
  refused: Set<string>;
  /**
   * Holds the answer to every message sent from now on, as a slow mail server does, until the
   * function it gives is called: a delivery is then on its way for as long as the test likes.
   */
  hold(): () => void;
  /** How many messages wait, held, for their answer. */
  waiting(): number;
  stop(): Promise<void>;
}

/** The address in `MAIL FROM:<a@b>` or `RCPT TO:<a@b> …`. */
const addressIn = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

interface ServerState {
  received: ReceivedMail[];
  refused: Set<string>;
  /** Answers held back while the server is held; null when it answers at once. */
  held: Array<() => void> | null;
}

function converse(socket: Socket, server: ServerState): void {
  let envelope: ReceivedMail = { from: '', to: [], data: '' };
  let buffered = '';
  let readingData = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 test-mail-server ready');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (;;) {
      if (readingData) {
        const end = buffered.indexOf('\r\n.\r\n');
        if (end === -1) return;
        // a line starting with a dot was sent with a second one (dot-stuffing)
        envelope.data = buffered.slice(0, end).replace(/^\.\./gm, '.');
        buffered = buffered.slice(end + 5);
        readingData = false;
        const accepted = envelope;
        envelope = { from: '', to: [], data: '' };
        const accept = () => {
          server.received.push(accepted);
          reply('250 2.0.0 accepted');
        };
        if (server.held === null) accept();
        else server.held.push(accept);
        continue;
      }
      const lineEnd = buffered.indexOf('\r\n');
      if (lineEnd === -1) return;
      const line = buffered.slice(0, lineEnd);
      buffered = buffered.slice(lineEnd + 2);
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO') reply('250-test-mail-server\r\n250 8BITMIME');
      else if (command === 'HELO') reply('250 test-mail-server');
      else if (command === 'MAIL') {
        envelope = { from: addressIn(line), to: [], data: '' };
        reply('250 2.1.0 ok');
      } else if (command === 'RCPT') {
        const recipient = addressIn(line);
        if (server.refused.has(recipient.toLowerCase())) reply(`550 5.1.1 <${recipient}>: mailbox unavailable`);
        else {
          envelope.to.push(recipient);
          reply('250 2.1.5 ok');
        }
      } else if (command === 'DATA') {
        readingData = true;
        reply('354 end with <CRLF>.<CRLF>');
      } else if (command === 'RSET') {
        envelope = { from: '', to: [], data: '' };
        reply('250 2.0.0 ok');
      } else if (command === 'QUIT') {
        reply('221 2.0.0 bye');
        socket.end();
        return;
      } else reply('250 ok');
    }
  });
  socket.on('error', () => undefined);
}

/** Starts a mail server on an ephemeral port; `refused` lists addresses it refuses. */
export async function startTestMailServer(refused: string[] = []): Promise<TestMailServer> {
  const state: ServerState = { received: [], refused: new Set(refused.map((address) => address.toLowerCase())), held: null };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: state.received,
    refused: state.refused,
    hold() {
      state.held ??= [];
      return () => {
        const answers = state.held ?? [];
        state.held = null;
        for (const answer of answers) answer();
      };
    },
    waiting: () => state.held?.length ?? 0,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
