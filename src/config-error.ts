/** The environment's configuration is invalid; its own module, so the CLI can tell it apart without loading the schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}
