// Builds the domain services once at start; they travel to the API and the page loaders through context.
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/engine.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { searchRepository } from "../db/repositories/search.ts";
import { contactRepository } from "../db/repositories/contact.ts";
import { deviceRepository } from "../db/repositories/devices.ts";
import { contentService } from "../domain/content/service.ts";
import { nameSearchService } from "../domain/search/service.ts";
import { contactService } from "../domain/contact/service.ts";
import { contactOutbox, smtpMailer, type Mailer } from "../domain/contact/mailer.ts";
import { deviceService } from "../domain/devices/service.ts";
import type { ApiDeps } from "./api/common.ts";

export type Services = ApiDeps & { outbox: ReturnType<typeof contactOutbox> };

export function buildServices(handle: DatabaseHandle, log: Logger, mail: { smtpUrl?: string; to?: string; from?: string; mailer?: Mailer; retryMs?: number } = {}, publicOrigin?: string): Services {
  const content = contentService(contentRepository(handle.db));
  const mailer = mail.mailer ?? (mail.smtpUrl && mail.to ? smtpMailer({ url: mail.smtpUrl, to: mail.to, from: mail.from ?? mail.to }) : undefined);
  const contactRepo = contactRepository(handle.db);
  const outbox = contactOutbox(contactRepo, mailer, log, { retryMs: mail.retryMs });
  return {
    content,
    search: nameSearchService(searchRepository(handle.db), content.version),
    contact: contactService(contactRepo, outbox, { mailConfigured: !!mailer }),
    devices: deviceService(deviceRepository(handle.db)),
    outbox,
    publicOrigin,
  };
}
