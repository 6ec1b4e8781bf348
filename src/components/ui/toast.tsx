import { useStore } from '@nanostores/react';
import { $toast } from '@/stores/ui';

/** The toast of spec §4 (2000 ms by default, 1500 ms where the product says so); announced politely. */
export function Toast() {
  const toast = useStore($toast);
  return (
    <div class="app-toast" role="status" aria-live="polite">
      {toast && (
        <div class="weui-toast weui-toast_text" key={toast.id}>
          <p class="weui-toast__content">{toast.message}</p>
        </div>
      )}
    </div>
  );
}
