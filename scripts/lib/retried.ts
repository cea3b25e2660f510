/**
 * Runs `run` again when it fails, up to `attempts` times in all. For a measurement whose trace now and then misses
 * the navigation's start on a busy machine (Lighthouse's NO_NAVSTART; the same happens to scripts/lib/
 * page-start-tasks.ts when the new renderer starts tracing late): such a run is taken again, never counted.
 */
export async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.error(`run failed, trying again: ${(error as Error).message}`);
    }
  }
}
