// A housekeeping job the server runs now and then every `everyMs` (the inbox's retention, the trash's purge):
// a failure is reported and the next run tries again; the timer never keeps the process alive.
export function repeatEvery(everyMs: number, run: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  const once = () => void run().catch(onError);
  once();
  const timer = setInterval(once, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
