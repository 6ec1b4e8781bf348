import { client, unwrap } from '@/api/client';

/** A 迁入's people (the person, the family moving along, the household head) for its confirmation. */
export const loadConfirmation = (id: number) => unwrap(client.GET('/api/qianru/getQrxxYhAndHz', { params: { query: { id } } }));
