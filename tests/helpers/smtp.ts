import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail, type ReadableMail } from './mail';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  raw: string;
  mail: ReadableMail;
}

/**
 * A real SMTP server (smtp-server) on a loopback port, keeping what it receives. While
 * `refusing`, it answers each connection with 421 (service not available), as a mail server
 * does that is overloaded or in maintenance.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refusing: false, connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      state.connections += 1;
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mail: readMail(raw),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** Connections so far, refused ones included. */
    connections: () => state.connections,
    refuse(refusing: boolean) {
      state.refusing = refusing;
    },
    /** The mails to one address. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that accepts TCP connections and then says nothing, not even the SMTP greeting,
 * until `answer` hands new connections on to a working server. The connections it held are cut
 * then, as a restart of a hung server would.
 */
export async function startSilentServer() {
  const held = new Set<Socket>();
  const open = new Set<Socket>();
  let target: number | null = null;
  let accepted = 0;
  const server = createServer((client) => {
    accepted += 1;
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (target === null) {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = createConnection(target, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Connections accepted so far, and those held silent right now. */
    accepted: () => accepted,
    held: () => held.size,
    answer(smtpPort: number) {
      target = smtpPort;
      for (const socket of held) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
