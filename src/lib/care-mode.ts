// 大字模式 (WeUI care mode, for older readers): on when the user turns it on at /my, or when WeChat's own care mode
// is on (WeixinJSBridge getUserConfig → isCareMode, as WeUI's example reads it). The user's own choice wins.
const KEY = 'careMode';

interface Bridge {
  invoke(name: 'getUserConfig', args: object, done: (res: { isCareMode?: boolean }) => void): void;
}

/** The user's own choice: true, false, or null (never chosen). */
export function careModeChoice(): boolean | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === null ? null : v === '1';
  } catch {
    return null;
  }
}

export function applyCareMode(on: boolean): void {
  if (on) document.body.setAttribute('data-weui-mode', 'care');
  else document.body.removeAttribute('data-weui-mode');
}

/** Whether 大字模式 is on (off where there is no page: the build's pre-rendering). */
export const careModeOn = () => typeof document !== 'undefined' && document.body.getAttribute('data-weui-mode') === 'care';

export function setCareMode(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    // Blocked storage: on for this page only.
  }
  applyCareMode(on);
}

/** At start: the stored choice, else WeChat's care mode. */
export function initCareMode(): void {
  const chosen = careModeChoice();
  if (chosen !== null) return applyCareMode(chosen);
  if (!/MicroMessenger/i.test(navigator.userAgent)) return;
  const ask = () =>
    (window as { WeixinJSBridge?: Bridge }).WeixinJSBridge?.invoke('getUserConfig', {}, (res) => {
      if (res?.isCareMode && careModeChoice() === null) applyCareMode(true);
    });
  if ((window as { WeixinJSBridge?: Bridge }).WeixinJSBridge) ask();
  else document.addEventListener('WeixinJSBridgeReady', ask, { once: true });
}
