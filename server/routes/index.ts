// Every product operation, registered through app.operation from the OpenAPI document.
import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin/index.ts';
import applicationRoutes from './applications/index.ts';
import authRoutes from './auth/index.ts';
import commonRoutes from './common/index.ts';
import dailyRoutes from './daily/index.ts';
import dictRoutes from './dict/index.ts';
import documentRoutes from './documents/index.ts';
import feedbackRoutes from './feedback/index.ts';
import moveInRoutes from './movein/index.ts';
import moveOutRoutes from './moveout/index.ts';
import myRoutes from './my/index.ts';
import otherRoutes from './other/index.ts';
import userRoutes from './user/index.ts';

export default async function routes(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(dictRoutes);
  await app.register(commonRoutes);
  await app.register(myRoutes);
  await app.register(moveInRoutes);
  await app.register(moveOutRoutes);
  await app.register(applicationRoutes);
  await app.register(dailyRoutes);
  await app.register(otherRoutes);
  await app.register(feedbackRoutes);
  await app.register(documentRoutes);
  await app.register(adminRoutes);
}
