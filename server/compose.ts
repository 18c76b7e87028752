// The composition root: builds the domain once at start (repositories on the database, the services on
// them); it travels to the API handlers and the page loaders through context.
import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/engine.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { searchRepository } from "../db/repositories/search.ts";
import { contactRepository } from "../db/repositories/contact.ts";
import { deviceRepository } from "../db/repositories/devices.ts";
import { eventsService } from "../domain/events/service.ts";
import { eventsRepository } from "../db/repositories/events.ts";
import { contentService } from "../domain/content/service.ts";
import { indexedSearchService, type SearchService } from "../domain/search/service.ts";
import { contactService } from "../domain/contact/service.ts";
import { contactOutbox, smtpMailer, type Mailer } from "../domain/contact/mailer.ts";
import { deviceService } from "../domain/devices/service.ts";
import type { Domain } from "../domain/domain.ts";
import { rateLimiter } from "../domain/rate-limit.ts";
import { accountsRepository } from "../db/repositories/accounts.ts";
import { auditRepository } from "../db/repositories/audit.ts";
import { signInFailuresRepository } from "../db/repositories/sign-in-failures.ts";
import { totpStepsRepository } from "../db/repositories/totp-steps.ts";
import { rateLimitsRepository } from "../db/repositories/rate-limits.ts";
import { workspaceService } from "../domain/workspace/service.ts";
import { workspaceAuthOnFirstUse } from "../domain/workspace/secret.ts";
import { CONTACT_RATE_LIMIT } from "../shared/limits.ts";
import { composeEditing } from "./compose-editing.ts";
import { contentImages } from "../domain/content/images.ts";
import { mediaLibrary } from "../domain/media/library.ts";
import { picturesService } from "../domain/content/pictures.ts";
import { videosService } from "../domain/content/videos.ts";
import { inboxService } from "../domain/contact/inbox.ts";
import { diskStore, type MediaStore } from "../domain/media/store.ts";
import { trashService } from "../domain/content/trash.ts";
import { versionsService } from "../domain/content/versions.ts";
import { reviewService } from "../domain/content/review.ts";
import { type EditorsMailMode, weeklyMail } from "../domain/content/weekly-mail.ts";
import { editorsMail } from "./weekly-mail.ts";
import { openDataService } from "../domain/open-data/service.ts";
import { openDataRepository } from "../db/repositories/open-data.ts";
import { statisticsService } from "../domain/statistics/service.ts";
import { statisticsRepository } from "../db/repositories/statistics.ts";
import { type LinkCheckMode, linkCheckService } from "../domain/links/service.ts";
import { invitationMail } from "./invitation-mail.ts";

type DomainOptions = {
  smtpUrl?: string;
  to?: string;
  from?: string;
  mailer?: Mailer;
  retryMs?: number;
  publicOrigin?: string;
  /** MAP_TILES_URL: the map's raster tiles on the ministry's own domain. */
  mapTiles?: string;
  contactLimit?: number;
  /** Signs workspace cookies; by default a random secret kept in the database, shared by every instance. */
  workspaceSecret?: string;
  /** The origin the workspace's cookies are set for (Secure when https); PUBLIC_ORIGIN, or a local one. */
  workspaceOrigin?: string;
  /** Where published content's pictures come from and go (CONTENT_DIR, MEDIA_DIR). */
  contentDir?: string;
  mediaDir?: string;
  /** The media library's store (MEDIA_STORE_DIR, or an S3-compatible bucket: server/media-store.ts). */
  mediaStore?: MediaStore;
  /** Told how long each place search took, in seconds (the metrics). */
  observeSearch?: (seconds: number) => void;
  /** LINK_CHECK: whether external links are checked daily; off by default. */
  linkCheck?: LinkCheckMode;
  /** STATISTICS: whether visits are counted (decision 033); on by default. */
  statistics?: boolean;
  /** OPEN_DATA_DIR: where the open datasets' files are built (data/open-data by default). */
  openDataDir?: string;
  /** EDITORS_MAIL: whether editors are mailed weekly what waits for review and which facts are overdue; off by default. */
  editorsMail?: EditorsMailMode;
};

/** A search service that reports how long each search takes. */
function timedSearch(service: SearchService, observe: (seconds: number) => void): SearchService {
  return {
    prepare: service.prepare,
    async search(q) {
      const started = performance.now();
      try {
        return await service.search(q);
      } finally {
        observe((performance.now() - started) / 1000);
      }
    },
  };
}

export function buildDomain(handle: DatabaseHandle, log: Logger, options: DomainOptions = {}): Domain {
  const mail = options;
  const content = contentService(contentRepository(handle.db));
  // SMTP_URL alone is enough to send to a named address (an invitation); the contact form's messages also
  // need whom to send them to (CONTACT_MAIL_TO, or the settings' recipients).
  const origin = options.workspaceOrigin ?? options.publicOrigin ?? "http://127.0.0.1";
  const smtp =
    mail.mailer ??
    (mail.smtpUrl
      ? smtpMailer({ url: mail.smtpUrl, to: mail.to, from: mail.from ?? mail.to ?? `no-reply@${new URL(origin).hostname}` })
      : undefined);
  const mailer = mail.mailer ?? (mail.to ? smtp : undefined);
  const contactRepo = contactRepository(handle.db);
  const accounts = accountsRepository(handle.db);
  const settings = () => content.settings();
  const outbox = contactOutbox(contactRepo, mailer, log, {
    retryMs: mail.retryMs,
    recipients: async () => (await settings()).contactRecipients,
  });
  const library = mediaLibrary(options.mediaStore ?? diskStore("data/media-store"));
  const contentDir = options.contentDir ?? "content";
  const mediaDir = options.mediaDir ?? "data/media";
  const editing = composeEditing({ handle, image: contentImages({ contentDir, mediaDir, library }), settings });
  const review = reviewService({ handle, editing });
  const statistics = statisticsService({ repo: statisticsRepository(handle.db), enabled: options.statistics ?? true });
  return {
    content,
    events: eventsService(eventsRepository(handle.db)),
    search: timedSearch(indexedSearchService(searchRepository(handle.db), content.version), options.observeSearch ?? (() => {})),
    statistics,
    contact: contactService(contactRepo, outbox, {
      mailConfigured: !!mailer,
      // One limit for the API endpoint and the contact page's form action, counted alike by every instance.
      limiter: rateLimiter({
        ...CONTACT_RATE_LIMIT,
        max: options.contactLimit ?? CONTACT_RATE_LIMIT.max,
        windows: rateLimitsRepository(handle.db),
        salt: () => accounts.metaValueOnce("rate-limit-salt", randomBytes(16).toString("base64url")),
      }),
    }),
    devices: deviceService(deviceRepository(handle.db)),
    workspace: workspaceService({
      auth: workspaceAuthOnFirstUse(handle, accounts, {
        secret: options.workspaceSecret,
        origin,
      }),
      accounts,
      audit: auditRepository(handle.db),
      failures: signInFailuresRepository(handle.db),
      totpSteps: totpStepsRepository(handle.db),
      invitationMail: smtp && invitationMail(smtp),
    }),
    editing,
    trash: trashService({ handle, editing }),
    versions: versionsService({ handle, editing }),
    review,
    openData: openDataService({
      repo: openDataRepository(handle.db),
      version: content.version,
      dir: options.openDataDir ?? "data/open-data",
      installation: () => accounts.metaValueOnce("installation-id", randomUUID()),
      origin: () => options.publicOrigin ?? origin,
    }),
    weeklyMail: weeklyMail({
      handle,
      editing,
      review,
      mode: options.editorsMail ?? "off",
      send: smtp && editorsMail(smtp, origin),
    }),
    links: linkCheckService({
      handle,
      mode: options.linkCheck ?? "off",
      onError: (error) => log.error({ err: error }, "checking the links failed"),
    }),
    pictures: picturesService({ handle, editing, library }),
    videos: videosService({ handle, editing, library }),
    inbox: inboxService({
      repo: contactRepo,
      audit: auditRepository(handle.db),
      outbox,
      retentionMonths: async () => (await settings()).retentionMonths,
    }),
    library,
    pictureStores: { contentDir, mediaDir, library },
    outbox,
    publicOrigin: options.publicOrigin,
    mapTiles: options.mapTiles,
  };
}
