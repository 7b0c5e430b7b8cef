/**
 * A mail server for tests, on 127.0.0.1: it speaks just enough SMTP for nodemailer, keeps every
 * message it accepts, and refuses the recipients it is told to (550, as a real server answers a
 * mailbox that does not exist), so a test can see an email delivered and one refused. It can also
 * behave as a mail server in trouble: answer MAIL FROM with a 4xx ("try again later"), answer every
 * command late, or never greet; and it can be started on a port of the test's choosing, so that a
 * test can stop it (the store's connections refused) and start it again where the store looks.
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
  /** Lower-cased addresses whose mail is refused (`*`: every address). */
  refused: Set<string>;
  /**
   * Holds the answer to every message sent from now on, as a slow mail server does, until the
   * function it gives is called: a delivery is then on its way for as long as the test likes.
   */
  hold(): () => void;
  /** How many messages wait, held, for their answer. */
  waiting(): number;
  /** Answers MAIL FROM with `reply` (`451 4.3.0 try again later`) from now on; null: 250 again. */
  answerMailFrom(reply: string | null): void;
  /** Answers every command, the greeting included, `ms` late from now on (0: at once). */
  delayReplies(ms: number): void;
  /** Accepts connections and never says a word (no greeting) from now on, or speaks again. */
  silence(silent: boolean): void;
  port: number;
  stop(): Promise<void>;
}

/** The address in `MAIL FROM:<a@b>` or `RCPT TO:<a@b> …`. */
const addressIn = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

interface ServerState {
  received: ReceivedMail[];
  refused: Set<string>;
  /** Answers held back while the server is held; null when it answers at once. */
  held: Array<() => void> | null;
  mailFromReply: string | null;
  replyDelayMs: number;
  silent: boolean;
}

function converse(socket: Socket, server: ServerState): void {
  let envelope: ReceivedMail = { from: '', to: [], data: '' };
  let buffered = '';
  let readingData = false;
  const delayMs = server.replyDelayMs;
  const reply = (line: string) => {
    if (delayMs === 0) socket.write(`${line}\r\n`);
    else setTimeout(() => { if (!socket.destroyed) socket.write(`${line}\r\n`); }, delayMs);
  };
  if (server.silent) return;
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
        reply(server.mailFromReply ?? '250 2.1.0 ok');
      } else if (command === 'RCPT') {
        const recipient = addressIn(line);
        if (server.refused.has(recipient.toLowerCase()) || server.refused.has('*')) reply(`550 5.1.1 <${recipient}>: mailbox unavailable`);
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
        if (delayMs === 0) socket.end();
        else setTimeout(() => socket.end(), delayMs + 10);
        return;
      } else reply('250 ok');
    }
  });
  socket.on('error', () => undefined);
}

/** Starts a mail server on an ephemeral port (or `options.port`); `refused` lists addresses it refuses (`*`: every one). */
export async function startTestMailServer(refused: string[] = [], options: { port?: number } = {}): Promise<TestMailServer> {
  const state: ServerState = {
    received: [], refused: new Set(refused.map((address) => address.toLowerCase())), held: null, mailFromReply: null, replyDelayMs: 0, silent: false,
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, state);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
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
    answerMailFrom(reply) {
      state.mailFromReply = reply;
    },
    delayReplies(ms) {
      state.replyDelayMs = ms;
    },
    silence(silent) {
      state.silent = silent;
    },
    port,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
