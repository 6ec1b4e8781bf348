// Processing, one module per resource: the queue, an application's page and its transitions; borrowed cards;
// questions; ratings; the dashboard. (The appointment quotas are in ../settings/quotas.ts.)
import type { FastifyInstance } from 'fastify';
import applicationRoutes from './applications.ts';
import borrowedRoutes from './borrowed.ts';
import dashboardRoutes from './dashboard.ts';
import documentAdminRoutes from './documents.ts';
import feedbackRoutes from './feedback.ts';
import ratingRoutes from './ratings.ts';

export default async function processingRoutes(app: FastifyInstance) {
  await app.register(applicationRoutes);
  await app.register(borrowedRoutes);
  await app.register(feedbackRoutes);
  await app.register(ratingRoutes);
  await app.register(dashboardRoutes);
  await app.register(documentAdminRoutes);
}
