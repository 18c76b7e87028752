// The domain as the HTTP side sees it: one value holding each domain service (and nothing else: the
// infrastructure and the website's configuration are the composition's, decision 035), built once at start by
// server/compose.ts and handed to the API handlers and the page loaders. It is called the domain, not the
// services, because "services" on this site means the tourist services (hotels, restaurants, guides).
import type { ContentService } from "./content/service.ts";
import type { SearchService } from "./search/service.ts";
import type { ContactService } from "./contact/service.ts";
import type { DeviceService } from "./devices/service.ts";
import type { WorkspaceService } from "./workspace/service.ts";
import type { EditingService } from "./content/editing.ts";
import type { TrashService } from "./content/trash.ts";
import type { VersionsService } from "./content/versions.ts";
import type { ReviewService } from "./content/review.ts";
import type { WeeklyMail } from "./content/weekly-mail.ts";
import type { OpenDataService } from "./open-data/service.ts";
import type { StatisticsService } from "./statistics/service.ts";
import type { LinkCheckService } from "./links/service.ts";
import type { PicturesService } from "./content/pictures.ts";
import type { VideosService } from "./content/videos.ts";
import type { InboxService } from "./contact/inbox.ts";
import type { EventsService } from "./events/service.ts";
import type { ItinerariesService } from "./itineraries/service.ts";

export type Domain = {
  content: ContentService;
  search: SearchService;
  /** The published events with their dates: the events pages, the calendar feeds, the API. */
  events: EventsService;
  /** The published suggested routes, their stops read with their places: the itineraries pages. */
  itineraries: ItinerariesService;
  /** Counts of page views, API calls, referring sites and unanswered searches: never a visitor (decision 033). */
  statistics: StatisticsService;
  contact: ContactService;
  devices: DeviceService;
  /** The editorial workspace's accounts, sessions and audit log. */
  workspace: WorkspaceService;
  /** The workspace's content: drafts, publishing, schedules, translation status. */
  editing: EditingService;
  /** Deleted content for 30 days: deleting, restoring, purging. */
  trash: TrashService;
  versions: VersionsService;
  /** The two-person rule: changes submitted for review, sent back or approved, comments, outside reviewers' links. */
  review: ReviewService;
  /** The open datasets, built per content version (decision 032). */
  openData: OpenDataService;
  /** The editors' weekly mail of what waits for review and which facts are overdue (EDITORS_MAIL). */
  weeklyMail: WeeklyMail;
  /** The external links of the published content: checked daily (LINK_CHECK), reported to editors. */
  links: LinkCheckService;
  /** The media library's photographs as editors use them: uploads, their uses, deletion. */
  pictures: PicturesService;
  /** The media library's videos: uploads, captions per language, deletion. */
  videos: VideosService;
  /** The contact inbox: messages to read, sort and export, and the retention period. */
  inbox: InboxService;
};
