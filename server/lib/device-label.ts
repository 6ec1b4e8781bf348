// A device as staff read it in 在线用户: the app or browser and the system, from the User-Agent at sign-in
// (微信 · iPhone, Chrome · Android, Edge · Windows). Not a fingerprint: two phones of one model read alike.

const APPS: [RegExp, string][] = [
  [/wxwork/i, '企业微信'],
  [/MicroMessenger/i, '微信'],
  [/DingTalk/i, '钉钉'],
  [/ QQ\//i, 'QQ'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/HuaweiBrowser/i, '华为浏览器'],
  [/MiuiBrowser/i, '小米浏览器'],
  [/QQBrowser/i, 'QQ浏览器'],
  [/UCBrowser/i, 'UC浏览器'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/Chrome|CriOS|Chromium/, 'Chrome'],
  [/Safari/, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS|OpenHarmony/i, '鸿蒙'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 微信 · iPhone, or what is known of it; null without a User-Agent. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const app = APPS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return [app, system].filter(Boolean).join(' · ') || '其他设备';
}
