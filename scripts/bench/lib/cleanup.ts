/** Undo steps run last-in first-out, also on Ctrl-C, so a benchmark leaves no database, stream or server behind. */
export class Cleanup {
  private readonly steps: { name: string; undo: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;

  constructor() {
    const interrupted = () => void this.run().finally(() => process.exit(130));
    process.once('SIGINT', interrupted);
    process.once('SIGTERM', interrupted);
  }

  add(name: string, undo: () => Promise<unknown>): void {
    this.steps.push({ name, undo });
  }

  /** Runs every step once, even when one fails (the failure is reported, not thrown). */
  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.splice(0).reverse()) {
        try {
          await step.undo();
        } catch (error) {
          console.error(`cleanup: ${step.name} failed:`, error);
          process.exitCode = 1;
        }
      }
    })();
    return this.running;
  }
}
