// The staff console (issue 5): the one lazy entry of /web/admin/*. Its own router (nested under /admin),
// its own session, a desktop/tablet layout with a role-based menu, and pages loaded lazily.
import './admin.css';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useStore } from '@nanostores/react';
import { adminPaths, allowed, menuGroups, type AdminRouteDef, type AdminRouteKey, type StaffRole } from '@/console/paths';
import { $staff, hasStaffToken, loadAdminMeta, loadStaff, staffSignOut } from '@/console/staff';

type Page = ComponentType<Record<string, string | undefined>>;
const page = (load: () => Promise<{ default: ComponentType<never> }>) => lazy(load as () => Promise<{ default: Page }>);

/** The screen of each console route (lazy chunks). */
const pages: Record<AdminRouteKey, Page> = {
  login: page(() => import('./login-page')),
  dashboard: page(() => import('./processing/dashboard-page')),
  queue: page(() => import('./processing/queue-page')),
  application: page(() => import('./processing/application-page')),
  borrowed: page(() => import('./processing/borrowed-page')),
  questions: page(() => import('./processing/questions-page')),
  ratings: page(() => import('./processing/ratings-page')),
  sectors: page(() => import('./settings/sectors-page')),
  tips: page(() => import('./settings/tips-page')),
  quotas: page(() => import('./settings/quotas-page')),
  dicts: page(() => import('./settings/dicts-page')),
  stations: page(() => import('./settings/stations-page')),
  collective: page(() => import('./settings/collective-page')),
  templates: page(() => import('./settings/templates-page')),
  guides: page(() => import('./content/guides-page')),
  announcements: page(() => import('./content/announcements-page')),
  banners: page(() => import('./content/banners-page')),
  contact: page(() => import('./content/contact-page')),
  staff: page(() => import('./system/staff-page')),
  roster: page(() => import('./system/roster-page')),
  audit: page(() => import('./system/audit-page')),
  loginRecords: page(() => import('./system/login-records-page')),
  sessions: page(() => import('./system/sessions-page')),
  monitor: page(() => import('./system/monitor-page')),
  jobs: page(() => import('./system/jobs-page')),
  password: page(() => import('./password-page')),
};

const routes = Object.entries(adminPaths) as [AdminRouteKey, AdminRouteDef][];

/** The route a console path shows (patterns with :params match one segment). */
export function adminRouteFor(path: string): AdminRouteDef | undefined {
  return routes.map(([, def]) => def).find((def) => new RegExp(`^${def.path.replace(/:[^/]+/g, '[^/]+')}/?$`).test(path));
}

const NOT_FOUND = '页面不存在';
const FORBIDDEN = '无权限';

function Message({ text }: { text: string }) {
  return <p class="adm-empty">{text}</p>;
}

/** A page that cannot be shown (无权限, 页面不存在): what happened, and the way back to the console's start. */
function Refusal({ title, text }: { title: string; text: string }) {
  return (
    <section class="adm-refusal" aria-labelledby="adm-refusal-title">
      <h2 id="adm-refusal-title" class="adm-head__title">
        {title}
      </h2>
      <p>{text}</p>
      <div class="adm-row">
        <Link href={adminPaths.dashboard.href()} class="weui-btn weui-btn_primary weui-btn_mini">
          返回概览
        </Link>
      </div>
    </section>
  );
}

/** The title of a console path for this role: the page's, 无权限 for a 管理员 page shown to a 办理员, else 页面不存在. */
export function adminTitleFor(path: string, role: StaffRole | undefined): string {
  const def = adminRouteFor(path);
  if (!def) return NOT_FOUND;
  return role && !allowed(def, role) ? FORBIDDEN : def.title;
}

/** Where a menu link points: the queue stays current on an application's page. */
const current = (def: AdminRouteDef, path: string) =>
  path === def.path || (def === adminPaths.queue && path.startsWith(`${def.path}/`)) ? 'page' : undefined;

function Layout() {
  const [path, go] = useLocation();
  const staff = useStore($staff);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!staff) void loadStaff();
    void loadAdminMeta();
  }, [staff]);

  useEffect(() => setMenuOpen(false), [path]);

  if (!staff) return <Message text="加载中..." />;

  async function signOut() {
    await staffSignOut();
    go(adminPaths.login.href(), { replace: true });
  }

  return (
    <div class="adm">
      <header class="adm-bar">
        <button type="button" class="adm-bar__menu" aria-expanded={menuOpen} aria-controls="adm-nav" onClick={() => setMenuOpen((o) => !o)}>
          菜单
        </button>
        <h1 class="adm-bar__brand">
          <Link href={adminPaths.dashboard.href()}>户籍工作台</Link>
        </h1>
        <span class="adm-bar__user">
          {staff.name}（{staff.roleName}）
        </span>
        <Link href={adminPaths.password.href()} class="adm-bar__link">
          修改密码
        </Link>
        <button type="button" class="adm-bar__link" onClick={() => void signOut()}>
          退出
        </button>
      </header>
      <div class="adm-body">
        <nav id="adm-nav" class={menuOpen ? 'adm-nav adm-nav_open' : 'adm-nav'} aria-label="工作台菜单">
          {menuGroups.map((group) => {
            const items = routes.filter(([, def]) => def.group === group && allowed(def, staff.role));
            if (!items.length) return null;
            return (
              <section key={group}>
                <h2 class="adm-nav__group">{group}</h2>
                {items.map(([key, def]) => (
                  <Link key={key} href={def.href()} class="adm-nav__item" aria-current={current(def, path)}>
                    {def.title}
                  </Link>
                ))}
              </section>
            );
          })}
        </nav>
        <div class="adm-main">
          <Suspense fallback={<Message text="加载中..." />}>
            <Switch>
              {routes.map(([key, def]) => {
                const Screen = pages[key];
                return (
                  <Route key={key} path={def.path}>
                    {(params: Record<string, string | undefined>) =>
                      allowed(def, staff.role) ? (
                        <Screen {...params} />
                      ) : (
                        <Refusal title={FORBIDDEN} text="您没有权限访问该页面，请联系管理员" />
                      )
                    }
                  </Route>
                );
              })}
              <Route>
                <Refusal title={NOT_FOUND} text="您访问的页面不存在或已移除，请从菜单进入" />
              </Route>
            </Switch>
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** The console: its sign-in without a session, everything else behind it. */
export default function AdminApp() {
  const [path] = useLocation();
  const search = useSearch();
  const role = useStore($staff)?.role;

  useEffect(() => {
    document.title = `${adminTitleFor(path, role)} - 户籍工作台`;
  }, [path, role]);

  if (path === adminPaths.login.path) {
    const Login = pages.login;
    return (
      <Suspense fallback={null}>
        <Login />
      </Suspense>
    );
  }
  if (!hasStaffToken()) {
    const next = search ? `${path}?${search}` : path;
    return <Redirect to={adminPaths.login.href(next === '/' ? undefined : { next })} replace />;
  }
  return <Layout />;
}
