// Settings the office manages (管理员), one module per resource: quotas and borrowable dates, tiles per person type,
// tips and the new-student window with contact information, notice templates, its own dictionaries and police
// stations (content: ../content.ts, collective households: ../collective.ts). Every change is audited in its
// transaction.
import type { FastifyInstance } from 'fastify';
import dictionarySettingsRoutes from './dictionaries.ts';
import homeSettingsRoutes from './home.ts';
import quotaSettingsRoutes from './quotas.ts';
import sectorSettingsRoutes from './sectors.ts';
import stationSettingsRoutes from './stations.ts';
import templateSettingsRoutes from './templates.ts';

export default async function settingsRoutes(app: FastifyInstance) {
  await app.register(quotaSettingsRoutes);
  await app.register(sectorSettingsRoutes);
  await app.register(homeSettingsRoutes);
  await app.register(templateSettingsRoutes);
  await app.register(dictionarySettingsRoutes);
  await app.register(stationSettingsRoutes);
}
