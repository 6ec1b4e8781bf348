import { useStore } from '@nanostores/react';
import { $loading, $stylesLoaded } from '@/state/ui';

export const LOADING_TEXT = '加载中...';

/**
 * The loading indicator of spec §9: 加载中... over a layer that takes every click on the screen while calls run;
 * dialogs sit above it (app.css), so an alert opened meanwhile can still be answered.
 */
export function LoadingOverlay() {
  const count = useStore($loading);
  // Its rules come with the whole stylesheet ($stylesLoaded).
  const styled = useStore($stylesLoaded);
  if (count <= 0 || !styled) return null;
  return (
    <div class="app-loading" data-testid="loading-overlay" aria-busy="true">
      <div class="weui-toast" role="status" aria-live="polite">
        <i class="app-spinner app-spinner_toast" aria-hidden="true" />
        <p class="weui-toast__content">{LOADING_TEXT}</p>
      </div>
    </div>
  );
}
