import { showToast } from '@/state/ui';

/** A form's onPaste: a paste that a field's maxLength cuts short is said (a toast), never silent. */
export function noticeCutPaste(e: ClipboardEvent): void {
  const el = e.target as HTMLInputElement;
  const room = el.maxLength - el.value.length + (el.selectionEnd ?? 0) - (el.selectionStart ?? 0);
  if (el.maxLength > 0 && (e.clipboardData?.getData('text') ?? '').length > room) {
    showToast(`粘贴的内容超过${el.maxLength}字，超出部分未填入`, 3000);
  }
}
