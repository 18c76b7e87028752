// The mails the site sent, as the global setup's mail server kept them: the one to an address, parsed, once it
// has arrived (a mail is sent after the page that caused it answers, so it may come a moment later).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { simpleParser, type ParsedMail } from "mailparser";

export async function mailTo(address: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const dir = inject("mailDir");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).sort()) {
      const mail = await simpleParser(readFileSync(join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
      if (to.some((a) => a.address?.toLowerCase() === address.toLowerCase())) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
