import { client, unwrap, type Schemas } from '@/api/client';

/** The dates of a handling method with their places left; none when they cannot be read. */
export async function appointmentDates(blfs: string): Promise<Schemas['QuotaDateOption'][]> {
  const r = await unwrap(client.POST('/api/daily/sfzbl/datelist/{blfs}', { params: { path: { blfs } }, body: {} }));
  return r.ok ? r.data : [];
}

/** The user's appointment in force, or null (also when it cannot be read: the server refuses a second one anyway). */
export async function currentAppointment(): Promise<Schemas['AppointmentState'] | null> {
  const r = await unwrap(client.POST('/api/daily/sfzbl/isSelect', { body: {} }));
  return r.ok && r.data.selected ? r.data : null;
}
