/** Who is asking: the signed-in user or staff member a request carries (request.user). */
export interface SessionUser {
  id: number;
  rylb: string;
  loginType: string;
  role: 'user' | 'staff' | 'admin';
  name: string;
  /** Sign-in name of a staff account; null for users. */
  username: string | null;
  sessionId: number;
}
