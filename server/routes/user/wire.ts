// Wire shape of the user info (UserInfo in the document).
import { maskPhone } from '../../lib/masks.ts';
import { maskedIdNumber, type HouseholdRow, type UserRow } from '../../repositories/users.ts';

export function userInfoWire(user: UserRow, household: HouseholdRow | null, loginType: string, rylbmc: string | undefined) {
  return {
    id: user.id,
    xm: user.name,
    // No type yet (single sign-on without one): null until the user gives it on /info.
    rylb: (user.personType || null) as '0' | '1' | '2' | '3' | '4' | '5' | '7' | null,
    ...(rylbmc ? { rylbmc } : {}),
    xh: user.studentNo,
    gzzh: user.staffNo,
    loginType: loginType as '1' | '2',
    hyzkm: user.maritalStatusCode,
    zhxlm: user.educationCode,
    scfc: user.warningFlag === '1' ? ('1' as const) : ('0' as const),
    scfcmessage: user.warningMessage,
    hkIn: household?.status === '1',
    sfzjh: maskedIdNumber(user),
    phone: maskPhone(user.phone),
    roles: [user.role as 'user' | 'staff' | 'admin'],
  };
}
