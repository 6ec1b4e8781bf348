import { useStore } from '@nanostores/react';
import { $stylesLoaded, $toast } from '@/state/ui';

/** The toast of spec §4 (2000 ms by default, 1500 ms where the product says so); announced politely. */
export function Toast() {
  const toast = useStore($toast);
  // Its rules come with the whole stylesheet ($stylesLoaded): the live region waits for them, empty.
  const styled = useStore($stylesLoaded);
  return (
    <div class="app-toast" role="status" aria-live="polite">
      {toast && styled && (
        <div class="weui-toast weui-toast_text" key={toast.id}>
          <p class="weui-toast__content">{toast.message}</p>
        </div>
      )}
    </div>
  );
}
