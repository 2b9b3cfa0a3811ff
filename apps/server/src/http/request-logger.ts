// A request's logger made on its first line (ADR 232). Fastify gives every request a child of the
// app's logger carrying its id; pino builds a child by serialising its bindings, which under
// bench:http was 2.4 % of the main thread (docs/benchmarks.md, eighth session). At the server's
// level (warn) almost no request writes a line, so the child is made only when one does, with the
// same bindings and options: what is written is unchanged.

import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's check; a logger without it (a test's own) gets its child at once. */
type Checkable = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export class RequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Checkable,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The real child, made once. */
  get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made === null && this.parent.isLevelEnabled?.(level) === false) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a route with its own log level gets its child at once. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: NonNullable<ChildOptions>,
): FastifyBaseLogger {
  const checkable = logger as Checkable;
  if (options.level !== undefined || typeof checkable.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new RequestLogger(checkable, bindings, options) as unknown as FastifyBaseLogger;
}
