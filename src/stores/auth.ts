import { client, unwrap } from '@/api/client';
import { loadSectors, resetSectors } from './sectors';
import { removeDraftsOf } from '@/lib/draft-keys';
import { $session, clearSession, setToken, setUserInfo } from '@/state/session';

/** Fetches and stores the user info (POST /api/userinfo). */
export async function refreshUserInfo() {
  const result = await unwrap(client.POST('/api/userinfo', { body: {} }));
  if (result.ok) setUserInfo(result.data);
  return result;
}

/** After a token arrives (login, register, ticket): store it, fetch the user, load the sectors. */
export async function completeSignIn(token: string) {
  setToken(token);
  const info = await refreshUserInfo();
  if (info.ok) void loadSectors();
  return info;
}

/** Revokes the token on the server (best effort) and forgets the session and the user's drafts here. */
export async function signOut(): Promise<void> {
  const userId = $session.get().userInfo?.id;
  await unwrap(client.POST('/api/logout', { silent: true }));
  removeDraftsOf(userId);
  clearSession();
  resetSectors(userId);
}
