// The composition root: builds once at start the infrastructure (the media library, the content pictures'
// folders, the mail and its outbox) and the domain on it (repositories on the database, the services on them;
// decision 035). The domain travels to the API handlers and the page loaders through context, beside the
// website's configuration (`siteConfig`).
import { randomBytes, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/engine.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { searchRepository } from "../db/repositories/search.ts";
import { contactRepository } from "../db/repositories/contact.ts";
import { deviceRepository } from "../db/repositories/devices.ts";
import { eventsService } from "../domain/events/service.ts";
import { eventsRepository } from "../db/repositories/events.ts";
import { itinerariesService } from "../domain/itineraries/service.ts";
import { itinerariesRepository } from "../db/repositories/itineraries.ts";
import { contentService } from "../domain/content/service.ts";
import { indexedSearchService, type SearchService } from "../domain/search/service.ts";
import { contactService } from "../domain/contact/service.ts";
import { contactOutbox, smtpMailer, type Mailer } from "../domain/contact/mailer.ts";
import { deviceService } from "../domain/devices/service.ts";
import type { Domain } from "../domain/domain.ts";
import type { SiteConfig } from "../shared/site-config.ts";
import type { MediaLibrary } from "../domain/media/library.ts";
import type { PictureStores } from "../domain/content/images.ts";
import type { ContactOutbox } from "../domain/contact/mailer.ts";
import { rateLimiter } from "../domain/rate-limit.ts";
import { repositoryAccess } from "../db/repositories/repositories.ts";
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

/**
 * The mail the options allow: SMTP_URL alone is enough to send to a named address (`smtp`: an invitation, the
 * editors' weekly mail); the contact form's messages also need whom to send them to (`mailer`: CONTACT_MAIL_TO,
 * or the settings' recipients).
 */
function mailOf(mail: DomainOptions, origin: string): { smtp?: Mailer; mailer?: Mailer } {
  const smtp =
    mail.mailer ??
    (mail.smtpUrl
      ? smtpMailer({ url: mail.smtpUrl, to: mail.to, from: mail.from ?? mail.to ?? `no-reply@${new URL(origin).hostname}` })
      : undefined);
  return { smtp, mailer: mail.mailer ?? (mail.to ? smtp : undefined) };
}

/** What the domain's services run on, and what the process starts, stops and serves files from. */
export type Infrastructure = {
  /** The media library's files (uploads, their variants), in the configured store. */
  library: MediaLibrary;
  /** Where content pictures are read and made (a preview's own database uses the same). */
  pictureStores: PictureStores;
  /** Forwards stored contact messages by mail; started and stopped with the process. */
  outbox: ContactOutbox;
  /** Mail to a named address (`smtp`), and the contact form's (`mailer`): see mailOf. */
  mail: { smtp?: Mailer; mailer?: Mailer };
};

/** The origin the workspace's cookies and the mail's links are made for. */
const workspaceOriginOf = (options: DomainOptions) => options.workspaceOrigin ?? options.publicOrigin ?? "http://127.0.0.1";

export function buildInfrastructure(handle: DatabaseHandle, log: Logger, options: DomainOptions = {}): Infrastructure {
  const mail = mailOf(options, workspaceOriginOf(options));
  const content = contentRepository(handle.db);
  const outbox = contactOutbox(contactRepository(handle.db), mail.mailer, log, {
    retryMs: options.retryMs,
    recipients: async () => (await content.settings()).contactRecipients,
  });
  const library = mediaLibrary(options.mediaStore ?? diskStore("data/media-store"));
  const pictureStores = { contentDir: options.contentDir ?? "content", mediaDir: options.mediaDir ?? "data/media", library };
  return { library, pictureStores, outbox, mail };
}

export const siteConfig = (options: DomainOptions): SiteConfig => ({ publicOrigin: options.publicOrigin, mapTiles: options.mapTiles });

/** The domain's services, on the infrastructure given (or, for a script or a test, on one of its own). */
export function buildDomain(
  handle: DatabaseHandle,
  log: Logger,
  options: DomainOptions = {},
  infrastructure = buildInfrastructure(handle, log, options),
): Domain {
  const content = contentService(contentRepository(handle.db));
  const origin = workspaceOriginOf(options);
  const {
    outbox,
    mail: { smtp, mailer },
  } = infrastructure;
  const { contentDir, mediaDir, library } = infrastructure.pictureStores;
  const contactRepo = contactRepository(handle.db);
  const data = repositoryAccess(handle.db);
  const { accounts, audit } = data.repos;
  const settings = () => content.settings();
  const editing = composeEditing({ handle, image: contentImages({ contentDir, mediaDir, library }), settings });
  const review = reviewService({ ...data, editing });
  const statistics = statisticsService({ repo: statisticsRepository(handle.db), enabled: options.statistics ?? true });
  return {
    content,
    events: eventsService(eventsRepository(handle.db)),
    itineraries: itinerariesService(itinerariesRepository(handle.db)),
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
      auth: workspaceAuthOnFirstUse({ db: handle.db, type: handle.engine }, accounts, {
        secret: options.workspaceSecret,
        origin,
      }),
      accounts,
      audit,
      failures: signInFailuresRepository(handle.db),
      totpSteps: totpStepsRepository(handle.db),
      invitationMail: smtp && invitationMail(smtp),
    }),
    editing,
    trash: trashService({ ...data, editing }),
    versions: versionsService({ ...data, editing }),
    review,
    openData: openDataService({
      repo: openDataRepository(handle.db),
      version: content.version,
      dir: options.openDataDir ?? "data/open-data",
      installation: () => accounts.metaValueOnce("installation-id", randomUUID()),
      origin: () => options.publicOrigin ?? origin,
    }),
    weeklyMail: weeklyMail({
      ...data,
      editing,
      review,
      mode: options.editorsMail ?? "off",
      send: smtp && editorsMail(smtp, origin),
    }),
    links: linkCheckService({
      ...data,
      mode: options.linkCheck ?? "off",
      onError: (error) => log.error({ err: error }, "checking the links failed"),
    }),
    pictures: picturesService({ ...data, editing, library }),
    videos: videosService({ ...data, editing, library }),
    inbox: inboxService({
      repo: contactRepo,
      audit,
      outbox,
      retentionMonths: async () => (await settings()).retentionMonths,
    }),
  };
}
