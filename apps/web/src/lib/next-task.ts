/**
 * Resolves in a task of its own: the code after `await nextTask()` runs once the browser has had its turn (input,
 * paint), so a long start-up is cut into tasks under 50 ms (issue 24). A message, not setTimeout: a timer nested
 * five deep waits at least 4 ms, and a hidden tab's timers wait a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
