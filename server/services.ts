// Builds the domain services once at start; they travel to the API and the page loaders through context.
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/engine.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { searchRepository } from "../db/repositories/search.ts";
import { contactRepository } from "../db/repositories/contact.ts";
import { deviceRepository } from "../db/repositories/devices.ts";
import { contentService } from "../domain/content/service.ts";
import { indexedSearchService } from "../domain/search/service.ts";
import { contactService } from "../domain/contact/service.ts";
import { contactOutbox, smtpMailer, type Mailer } from "../domain/contact/mailer.ts";
import { deviceService } from "../domain/devices/service.ts";
import type { ApiDeps } from "./api/common.ts";
import { rateLimiter } from "./http/rate-limit.ts";
import { CONTACT_RATE_LIMIT } from "../shared/limits.ts";

export type Services = ApiDeps & { outbox: ReturnType<typeof contactOutbox> };

export type ServiceOptions = { smtpUrl?: string; to?: string; from?: string; mailer?: Mailer; retryMs?: number; publicOrigin?: string; contactLimit?: number };

export function buildServices(handle: DatabaseHandle, log: Logger, options: ServiceOptions = {}): Services {
  const mail = options;
  const content = contentService(contentRepository(handle.db));
  const mailer = mail.mailer ?? (mail.smtpUrl && mail.to ? smtpMailer({ url: mail.smtpUrl, to: mail.to, from: mail.from ?? mail.to }) : undefined);
  const contactRepo = contactRepository(handle.db);
  const outbox = contactOutbox(contactRepo, mailer, log, { retryMs: mail.retryMs });
  return {
    content,
    search: indexedSearchService(searchRepository(handle.db), content.version),
    contact: contactService(contactRepo, outbox, { mailConfigured: !!mailer }),
    devices: deviceService(deviceRepository(handle.db)),
    outbox,
    // One limiter for the API endpoint and the contact page's form action.
    contactLimiter: rateLimiter({ ...CONTACT_RATE_LIMIT, max: options.contactLimit ?? CONTACT_RATE_LIMIT.max }),
    publicOrigin: options.publicOrigin,
  };
}
