// What the move-out screen (move-out-form-page) knows of its forms before their code is fetched. Small: it loads
// with the screen.

/** The 迁移证 services' sub-routes and their draft and guide codes (certificate-forms); the other sub-routes are the
 * /api/qianchu sub-services (qianchu-form), coded qianchu-<sub>. */
export const CERTIFICATE_CODES: Record<string, string> = { postpone: 'qyzyq', change: 'qyzbg', 'mc-card': 'qykbb', 'c-issued': 'zxhkzmkj' };

export const isCertificate = (sub: string) => Object.hasOwn(CERTIFICATE_CODES, sub);

export const NO_REASSIGNMENT = '未查询到可改派的迁出记录';
