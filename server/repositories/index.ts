// Repositories: small objects of async methods over one executor (the database or a transaction).
import type { Executor } from '../db/client.ts';
import { auditRepo } from './audit.ts';
import { applicationsRepo, idempotencyRepo } from './applications.ts';
import { documentsRepo } from './documents.ts';
import { feedbackRepo } from './feedback.ts';
import { filingRepo } from './filing.ts';
import { guidesRepo } from './guides.ts';
import { collectiveHouseholdsRepo } from './collective-households.ts';
import {
  casTicketsRepo,
  housekeepingRepo,
  imageCodesRepo,
  loginFailuresRepo,
  trustedDevicesRepo,
  phoneTicketsRepo,
  smsCodesRepo,
  smsOutboxRepo,
  smsPermitsRepo,
} from './codes.ts';
import { announcementsRepo, fileBlobsRepo, noticesRepo, publicFilesRepo, uploadsRepo } from './content.ts';
import { bannersRepo, countersRepo, dictRepo, divisionsRepo, policeStationsRepo, sectorsRepo, settingsRepo } from './reference.ts';
import { loginRecordsRepo, onlineSessionsRepo } from './login-records.ts';
import { instancesRepo, jobRunsRepo, jobsRepo } from './operations.ts';
import { queueRepo } from './queue.ts';
import { quotasRepo } from './quotas.ts';
import { ratingsRepo } from './ratings.ts';
import { rosterRepo } from './roster.ts';
import { sessionsRepo } from './sessions.ts';
import { staffRepo } from './staff.ts';
import { usersRepo } from './users.ts';

export const createRepositories = (db: Executor) => ({
  users: usersRepo(db),
  roster: rosterRepo(db),
  sessions: sessionsRepo(db),
  imageCodes: imageCodesRepo(db),
  smsPermits: smsPermitsRepo(db),
  smsCodes: smsCodesRepo(db),
  phoneTickets: phoneTicketsRepo(db),
  smsOutbox: smsOutboxRepo(db),
  loginFailures: loginFailuresRepo(db),
  trustedDevices: trustedDevicesRepo(db),
  casTickets: casTicketsRepo(db),
  housekeeping: housekeepingRepo(db),
  counters: countersRepo(db),
  settings: settingsRepo(db),
  dict: dictRepo(db),
  divisions: divisionsRepo(db),
  policeStations: policeStationsRepo(db),
  collectiveHouseholds: collectiveHouseholdsRepo(db),
  sectors: sectorsRepo(db),
  banners: bannersRepo(db),
  announcements: announcementsRepo(db),
  publicFiles: publicFilesRepo(db),
  notices: noticesRepo(db),
  uploads: uploadsRepo(db),
  fileBlobs: fileBlobsRepo(db),
  applications: applicationsRepo(db),
  idempotency: idempotencyRepo(db),
  quotas: quotasRepo(db),
  filing: filingRepo(db),
  guides: guidesRepo(db),
  feedback: feedbackRepo(db),
  staff: staffRepo(db),
  audit: auditRepo(db),
  loginRecords: loginRecordsRepo(db),
  onlineSessions: onlineSessionsRepo(db),
  ratings: ratingsRepo(db),
  queue: queueRepo(db),
  jobs: jobsRepo(db),
  jobRuns: jobRunsRepo(db),
  instances: instancesRepo(db),
  documents: documentsRepo(db),
});

export type Repositories = ReturnType<typeof createRepositories>;
