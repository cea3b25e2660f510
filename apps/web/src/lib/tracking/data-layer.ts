/** Pushes a conversion-tracking event to the tag manager's dataLayer (created when the tag is not loaded). */
export function pushDataLayer(event: Record<string, unknown>): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  (w.dataLayer ??= []).push(event);
}
