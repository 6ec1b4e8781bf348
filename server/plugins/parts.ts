// The app's parts over the database: the repositories and the services, built once.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import { createServices, type Services } from '../services/index.ts';
import type { Clock } from '../services/clock.ts';
import type { SmsSender } from '../services/sms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    services: Services;
  }
}

export interface PartsPluginOptions {
  clock: Clock;
  smsSender?: SmsSender;
}

export default fp(async function partsPlugin(app: FastifyInstance, opts: PartsPluginOptions) {
  const repos = createRepositories(app.db);
  app.decorate('repos', repos);
  app.decorate(
    'services',
    createServices({ config: app.config, db: app.db, repos, clock: opts.clock, log: app.log, smsSender: opts.smsSender }),
  );
  // Sliding renewals still waiting (services/sessions.ts) are written before the database closes.
  app.addHook('preClose', async () => app.services.sessions.flush());
});
