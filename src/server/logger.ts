// The one logger (decision 039): every line is one JSON object, and what it is given passes the
// redaction of log-redaction.ts first, whichever way it is called (an error alone, an object, a
// message with arguments). A library that logs on its own (better-auth) is handed `libraryLogger`.
import pino from 'pino';
import type { Config } from './config';
import { safeError, scrubForLog } from './log-redaction';

export type Logger = pino.Logger;

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { app: 'washday' },
    // an error is made safe by the hook below; pino's own serializer would rebuild it from what it carries
    serializers: { err: (value: unknown) => (value instanceof Error ? safeError(value) : value) },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const head = first instanceof Error ? { err: safeError(first) } : scrubForLog(first);
        method.apply(this, [head, ...rest.map((arg) => scrubForLog(arg))] as Parameters<pino.LogFn>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

type LibraryLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * A library's own logger (better-auth's `logger` option) through this one: each of its calls one
 * JSON line named by `lib`, its message and arguments redacted like any other. Its level is info:
 * at error, warn or debug better-auth also prints each refusal through its global logger, which
 * outside a request is the console's own.
 */
export function libraryLogger(logger: Logger, lib: string): { level: LibraryLevel; log: (level: LibraryLevel, message: unknown, ...args: unknown[]) => void } {
  const log = logger.child({ lib });
  return {
    level: 'info',
    log(level, message, ...args) {
      const all = [message, ...args];
      const text = all.filter((a): a is string => typeof a === 'string' && a !== '').join(' ');
      const err = all.find((a) => a instanceof Error);
      const details = all.filter((a) => typeof a !== 'string' && a !== err && a !== undefined);
      const fields = { ...(err ? { err } : {}), ...(details.length ? { details } : {}) };
      if (text) log[level](fields, text);
      else log[level](fields);
    },
  };
}
