import type { ComponentChildren } from 'preact';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { Router } from 'wouter';
import { DialogHost } from '@/components/ui/dialog';
import { ROUTER_BASE } from '@shared/pages/paths';
import { setToken, setUserInfo } from '@/state/session';
import { sampleUser } from '../helpers';

/** Signs the sample user in and renders a screen at an app URL inside the app's router (with dialogs). */
export function renderScreen(url: string, screenEl: ComponentChildren, user = sampleUser) {
  setToken('tok-1');
  setUserInfo(user);
  history.replaceState(null, '', ROUTER_BASE + url);
  return render(
    <Router base={ROUTER_BASE}>
      {screenEl}
      <DialogHost />
    </Router>,
  );
}

/** Unmounts what was rendered, as a reload does: Preact runs the effects' cleanups (a form's draft save) a frame later. */
export async function unmountAll() {
  cleanup();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
}

/**
 * Renders a service screen on a step after its guide (?step=form, edit=1…) and waits for its form: the screen fetches
 * the form's module (components/service-form/service-screen.tsx).
 */
export async function renderForm(url: string, screenEl: ComponentChildren, user = sampleUser) {
  const rendered = renderScreen(url, screenEl, user);
  await screen.findByRole('form', {}, { timeout: 3000 });
  return rendered;
}

/** The control of a labelled field (labels of required fields end with an aria-hidden *). */
export const field = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as unknown as T;

/** Chooses an option the way the browser reports it (a change event; the Preact fireEvent.change sends input). */
export function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Types into a text field or chooses in a select, as a user would. */
export function fill(label: string, value: string) {
  const control = field<HTMLInputElement | HTMLSelectElement>(label);
  if (control instanceof HTMLSelectElement) choose(control, value);
  else fireEvent.input(control, { target: { value } });
}

export const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

/** The current app URL (path + search, without the /web base). */
export const appUrl = () => location.pathname.slice(ROUTER_BASE.length) + location.search;
