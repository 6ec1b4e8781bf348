/** localStorage keys of form drafts: `draft:<service>:<userId>[:<applicationId>]`. */
export const DRAFT_PREFIX = 'draft:';

/** Drafts hold ID numbers and addresses: signing out removes every draft of that user from this device. */
export function removeDraftsOf(userId: string | number | null | undefined): void {
  if (userId === null || userId === undefined || userId === '') return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX) && key.split(':')[2] === String(userId)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Blocked storage holds no drafts.
  }
}
