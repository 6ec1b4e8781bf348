import './dialog.less';
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $dialogs } from '@/state/ui';

/**
 * Shows the oldest open alert or confirm (state/ui alertDialog, confirmDialog); the promise resolves
 * when the user answers.
 */
export function DialogHost() {
  const dialogs = useStore($dialogs);
  const dialog = dialogs[0];
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dialog.resolve(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [dialog]);

  if (!dialog) return null;
  const titleId = `dialog-${dialog.id}-title`;
  const bodyId = `dialog-${dialog.id}-body`;
  return (
    <div class="app-dialog">
      <div class="weui-mask" />
      <div
        class="weui-dialog"
        role={dialog.kind === 'alert' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={dialog.title ? titleId : undefined}
        aria-describedby={bodyId}
      >
        {dialog.title && (
          <div class="weui-dialog__hd">
            <strong class="weui-dialog__title" id={titleId}>
              {dialog.title}
            </strong>
          </div>
        )}
        <div class="weui-dialog__bd" id={bodyId}>
          {dialog.message}
        </div>
        <div class="weui-dialog__ft">
          {dialog.kind === 'confirm' && (
            <button type="button" class="weui-dialog__btn weui-dialog__btn_default" onClick={() => dialog.resolve(false)}>
              {dialog.cancelText ?? '取消'}
            </button>
          )}
          <button
            type="button"
            ref={confirmRef}
            class="weui-dialog__btn weui-dialog__btn_primary"
            style={dialog.confirmColor ? { color: dialog.confirmColor } : undefined}
            onClick={() => dialog.resolve(true)}
          >
            {dialog.confirmText ?? '确定'}
          </button>
        </div>
      </div>
    </div>
  );
}
