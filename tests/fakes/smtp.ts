// A real SMTP server in-process (smtp-server), collecting what it receives, parsed (mailparser).
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = { port: number; url: string; received: ParsedMail[]; stop: () => Promise<void>; start: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  const start = () =>
    new Promise<void>((resolve) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
            })
            .catch((err: Error) => callback(err));
        },
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await start();
  return { port, url: `smtp://127.0.0.1:${port}?tls=off`, received, stop, start };
}
