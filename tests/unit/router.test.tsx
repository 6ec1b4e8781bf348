// What the app relies on in wouter (base paths, nested routes, links, redirects, history): pinned, so an upgrade that changes it shows here.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { Link, Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{`${path}|${search}`}</p>;
}

describe('router (wouter)', () => {
  it('gives paths inside the base (case-insensitively) and "~" outside it, and the decoded search', () => {
    history.replaceState(null, '', '/WEB/feedback/add%20copy?q=%E4%BD%A0%E5%A5%BD&x=1');
    render(
      <Router base="/web">
        <Where />
      </Router>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/feedback/add copy|q=你好&x=1');
    act(() => navigate('/elsewhere'));
    expect(screen.getByTestId('where').textContent).toBe('~/elsewhere|');
  });

  it('Switch renders the first matching route with its params; a route without a path catches the rest', () => {
    history.replaceState(null, '', '/web/feedback/42');
    render(
      <Router base="/web">
        <Switch>
          <Route path="/feedback/add">add</Route>
          <Route path="/feedback/:id">{(params) => `detail ${params.id}`}</Route>
          <Route>not found</Route>
        </Switch>
      </Router>,
    );
    expect(document.body.textContent).toContain('detail 42');
    act(() => navigate('/web/nothing'));
    expect(document.body.textContent).toContain('not found');
    act(() => navigate('/web/feedback/add'));
    expect(document.body.textContent).toContain('add');
    expect(document.body.textContent).not.toContain('detail');
  });

  it('a nested route is a router of its own: paths, links and navigation inside it', () => {
    history.replaceState(null, '', '/web/admin/queue');
    function Go() {
      const [, go] = useLocation();
      return (
        <button type="button" onClick={() => go('/dashboard', { replace: true })}>
          go
        </button>
      );
    }
    render(
      <Router base="/web">
        <Switch>
          <Route path="/admin" nest>
            <Where />
            <Link href="/applications/7">open</Link>
            <Link href="~/web/home">out</Link>
            <Go />
          </Route>
        </Switch>
      </Router>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/queue|');
    expect(screen.getByRole('link', { name: 'open' }).getAttribute('href')).toBe('/web/admin/applications/7');
    expect(screen.getByRole('link', { name: 'out' }).getAttribute('href')).toBe('/web/home');
    const before = history.length;
    fireEvent.click(screen.getByRole('link', { name: 'open' }));
    expect(location.pathname).toBe('/web/admin/applications/7');
    expect(history.length).toBe(before + 1);
    expect(screen.getByTestId('where').textContent).toBe('/applications/7|');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(location.pathname).toBe('/web/admin/dashboard');
    expect(history.length).toBe(before + 1);
  });

  it('a link clicked with a modifier key or another button is left to the browser', () => {
    history.replaceState(null, '', '/web/home');
    render(
      <Router base="/web">
        <Link href="/my">mine</Link>
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'mine' });
    const pushes: string[] = [];
    const onPush = () => pushes.push(location.pathname);
    addEventListener('pushState', onPush);
    try {
      // Not prevented (fireEvent answers true), no navigation of the app's own.
      for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
        expect(fireEvent.click(link, init), JSON.stringify(init)).toBe(true);
      }
      expect(pushes).toEqual([]);
      expect(fireEvent.click(link)).toBe(false);
      expect(pushes).toEqual(['/web/my']);
    } finally {
      removeEventListener('pushState', onPush);
    }
  });

  it('Redirect replaces the entry once', () => {
    history.replaceState(null, '', '/web/');
    const before = history.length;
    render(
      <Router base="/web">
        <Switch>
          <Route path="/">
            <Redirect to="/home" replace />
          </Route>
          <Route path="/home">home</Route>
        </Switch>
      </Router>,
    );
    expect(location.pathname).toBe('/web/home');
    expect(history.length).toBe(before);
    expect(document.body.textContent).toContain('home');
  });

  it('follows the back button (popstate)', () => {
    history.replaceState(null, '', '/web/a');
    render(
      <Router base="/web">
        <Where />
      </Router>,
    );
    act(() => {
      history.replaceState(null, '', '/web/b?x=2');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/b|x=2');
  });
});
