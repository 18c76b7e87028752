// Progress of a long content script: on a terminal, one bar redrawn in place; in a log (no terminal), a plain
// line per tenth of the way, so a CI log or a cron mail shows how far a load of 50,000 places got.
const WIDTH = 30;

export function progressPrinter(out: NodeJS.WriteStream = process.stdout) {
  const lastTenth = new Map<string, number>();
  return (step: string, done: number, total: number) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const count = `${done} of ${total} places`;
    if (out.isTTY) {
      const filled = Math.round(share * WIDTH);
      out.write(`\r${step.padEnd(9)} [${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${count}`);
      if (done >= total) out.write("\n");
      return;
    }
    const tenth = Math.floor(share * 10);
    if (lastTenth.get(step) === tenth) return;
    lastTenth.set(step, tenth);
    out.write(`${step}: ${count} (${Math.round(share * 100)}%)\n`);
  };
}
