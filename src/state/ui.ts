import { atom } from 'nanostores';

/** Spec §9: library default toast duration. */
export const TOAST_MS = 2000;
/** Spec §9: the product's own toast duration (also the redirect delay). */
export const SHORT_TOAST_MS = 1500;

export interface ToastState {
  id: number;
  message: string;
  duration: number;
}

export const $toast = atom<ToastState | null>(null);

let toastSeq = 0;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, duration = TOAST_MS): void {
  clearTimeout(toastTimer);
  const id = ++toastSeq;
  $toast.set({ id, message, duration });
  toastTimer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, duration);
}

export function hideToast(): void {
  clearTimeout(toastTimer);
  $toast.set(null);
}

export interface DialogOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** Colour of the confirm button (the move-out alert uses the brand purple). */
  confirmColor?: string;
}

export interface DialogState extends DialogOptions {
  id: number;
  kind: 'alert' | 'confirm';
  resolve: (confirmed: boolean) => void;
}

/** Open dialogs, oldest first; only the first is shown, the rest wait their turn. */
export const $dialogs = atom<DialogState[]>([]);

let dialogSeq = 0;

function openDialog(kind: DialogState['kind'], options: DialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = ++dialogSeq;
    const close = (confirmed: boolean) => {
      $dialogs.set($dialogs.get().filter((d) => d.id !== id));
      resolve(confirmed);
    };
    $dialogs.set([...$dialogs.get(), { ...options, id, kind, resolve: close }]);
  });
}

/** Shows an alert; resolves when the user closes it. */
export async function alertDialog(options: DialogOptions): Promise<void> {
  await openDialog('alert', options);
}

/** Shows a confirm dialog; resolves true for confirm, false for cancel. */
export function confirmDialog(options: DialogOptions): Promise<boolean> {
  return openDialog('confirm', options);
}

/** Number of calls currently showing the loading indicator. */
export const $loading = atom(0);

export function startLoading(): void {
  $loading.set($loading.get() + 1);
}

export function stopLoading(): void {
  $loading.set(Math.max(0, $loading.get() - 1));
}

/** Resets every UI store (tests, and nothing else, need this). */
export function resetUi(): void {
  hideToast();
  for (const d of $dialogs.get()) d.resolve(false);
  $dialogs.set([]);
  $loading.set(0);
}

/**
 * Whether the app's whole stylesheet is in. login.html and home.html inline only their first screen's rules and load
 * the rest after it (src/app/deferred-styles.ts, which sets this): the toast and loading layers wait for it.
 */
export const $stylesLoaded = atom(true);
