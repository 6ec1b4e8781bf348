import { atom } from 'nanostores';
import { client, unwrap, type Schemas } from '@/api/client';

/** This year's loans left (getBorrowNumber): undefined while it loads, null when it could not be read. */
export const $borrowCount = atom<Schemas['BorrowNumber'] | null | undefined>(undefined);

/** Reads the count again: at each visit of the screen, and after the server refuses a loan for it. */
export async function loadBorrowCount(): Promise<void> {
  const r = await unwrap(client.GET('/api/daily/hkkjy/getBorrowNumber'));
  $borrowCount.set(r.ok ? r.data : null);
}
