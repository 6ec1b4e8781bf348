/**
 * Demo staff accounts of the household-registration office (pure data, no imports): one 办理员 (role staff)
 * and one 管理员 (role admin). Seeded only outside production, with the demo password of the user accounts.
 */

export interface DemoStaff {
  /** sign-in name at /web/admin/login */
  readonly username: string;
  readonly name: string;
  /** staff = 办理员, admin = 管理员 */
  readonly role: 'staff' | 'admin';
}

export const demoStaff: readonly DemoStaff[] = [
  { username: 'staff01', name: '王办理', role: 'staff' },
  { username: 'admin01', name: '李管理', role: 'admin' },
];
