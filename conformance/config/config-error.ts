/** Bad configuration or an unreachable target: the CLI prints the message on one line and exits 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
