// The scheduled jobs (services/housekeeping.ts): started once the app is ready, stopped before it closes. Not in tests,
// which run the jobs by hand.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function housekeepingPlugin(app: FastifyInstance) {
  if (app.config.nodeEnv === 'test') return;
  const { housekeeping } = app.services;
  app.addHook('onReady', async () => housekeeping.start());
  app.addHook('preClose', async () => housekeeping.stop());
});
