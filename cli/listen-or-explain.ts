import { CliError } from './mock-args';

/** Listens, or throws a CliError that says what to do about the address (one line, exit 2). */
export async function listenOrExplain<T>(
  listen: () => Promise<T>,
  where: { readonly port: number; readonly host: string },
): Promise<T> {
  try {
    return await listen();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        `port ${where.port} on ${where.host} is already in use: pass --port N (or PORT=N), or stop the other server`,
      );
    throw new CliError(`cannot listen on ${where.host}:${where.port}: ${(err as Error).message}`);
  }
}
