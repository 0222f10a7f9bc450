/** Thrown once at start-up with every environment variable that is missing or malformed. */
export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(serviceName: string, problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration for ${serviceName}: ${problems.map((p) => `${p.variable} (${p.message})`).join(', ')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
