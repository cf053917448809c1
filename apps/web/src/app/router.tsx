import { type ShellRoute, SHELL_ROUTES } from '@lyceum/shared/routes';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { AppSkeleton, AuthCardSkeleton } from '../components/ui/skeleton';
import { LoginPage } from '../features/auth/pages/login-page';
import { UnauthorizedPage } from './pages/unauthorized-page';
import { RouteError } from './pages/route-error';
import { ProtectedRoute } from './protected-route';
import { currentLanguage, loadNamespaces } from '../lib/i18n/i18n';
import { type RouteHandle, routeTitleKey, VIEW_FILLING_PAGES } from './route-handle';
import { type LazyPage, lazyPage } from './lazy-page';

const PUBLIC_PREFIXES = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unauthorized',
  '/plan-expired',
];

/** While the first page's code loads: the outline of the shell, or of a sign-in card on public pages. */
function InitialFallback() {
  const path = window.location.pathname;
  return PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) ? <AuthCardSkeleton /> : <AppSkeleton />;
}

/**
 * The sign-in pages' texts (namespace `auth`) load before the page renders, while the card skeleton shows,
 * rather than the page suspending half drawn.
 */
async function loadAuthTexts(): Promise<null> {
  await loadNamespaces(currentLanguage(), ['auth']);
  return null;
}

/** Screens of this release; every other shell route renders the shared "not available yet" page. */
const PAGES: Record<string, LazyPage> = {
  dashboard: () => import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  settings: () => import('../features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  'settings/academic-years': () =>
    import('../features/years/pages/academic-years-page').then((m) => ({ Component: m.AcademicYearsPage })),
  schools: () => import('../features/schools/pages/schools-page').then((m) => ({ Component: m.SchoolsPage })),
  'schools/create': () =>
    import('../features/schools/pages/create-school-page').then((m) => ({ Component: m.CreateSchoolPage })),
  'schools/:id': () =>
    import('../features/schools/pages/school-detail-page').then((m) => ({ Component: m.SchoolDetailPage })),
  'subscription-plans': () => import('../features/plans/pages/plans-page').then((m) => ({ Component: m.PlansPage })),
  'addon-requests': () =>
    import('../features/addon-requests/pages/addon-requests-page').then((m) => ({ Component: m.AddonRequestsPage })),
  'addon-requests/manage': () =>
    import('../features/addon-requests/pages/manage-addon-requests-page').then((m) => ({
      Component: m.ManageAddonRequestsPage,
    })),
  payments: () => import('../features/payments/pages/payments-page').then((m) => ({ Component: m.PaymentsPage })),
  'payments/:id/receipt': () =>
    import('../features/payments/pages/receipt-page').then((m) => ({ Component: m.ReceiptPage })),
  revenue: () => import('../features/revenue/pages/revenue-page').then((m) => ({ Component: m.RevenuePage })),
  'schools-usage': () => import('../features/usage/pages/usage-page').then((m) => ({ Component: m.UsagePage })),
  subscription: () =>
    import('../features/subscription/pages/my-subscription-page').then((m) => ({ Component: m.MySubscriptionPage })),
  'subscription-expired': () =>
    import('../features/subscription/pages/plan-expired-page').then((m) => ({ Component: m.PlanExpiredPage })),
  'addon-marketplace': () =>
    import('../features/marketplace/pages/marketplace-page').then((m) => ({ Component: m.MarketplacePage })),
  'emergency-contact': () =>
    import('../features/emergency-contact/pages/emergency-contact-page').then((m) => ({
      Component: m.EmergencyContactPage,
    })),
  classes: () => import('../features/classes/pages/classes-page').then((m) => ({ Component: m.ClassesPage })),
  'classes/:id': () => import('../features/classes/pages/class-page').then((m) => ({ Component: m.ClassPage })),
  students: () => import('../features/students/pages/students-page').then((m) => ({ Component: m.StudentsPage })),
  'students/:id': () => import('../features/students/pages/student-page').then((m) => ({ Component: m.StudentPage })),
  teachers: () => import('../features/teachers/pages/teachers-page').then((m) => ({ Component: m.TeachersPage })),
  'teachers/:id': () => import('../features/teachers/pages/teacher-page').then((m) => ({ Component: m.TeacherPage })),
  parents: () => import('../features/parents/pages/parents-page').then((m) => ({ Component: m.ParentsPage })),
  users: () => import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
  children: () => import('../features/children/pages/children-page').then((m) => ({ Component: m.ChildrenPage })),
  attendance: () =>
    import('../features/attendance/pages/attendance-page').then((m) => ({ Component: m.AttendancePage })),
  'attendance/mark': () =>
    import('../features/attendance/pages/mark-attendance-page').then((m) => ({ Component: m.MarkAttendancePage })),
  messages: () => import('../features/messages/pages/messages-page').then((m) => ({ Component: m.MessagesPage })),
  timetable: () => import('../features/timetable/pages/timetable-page').then((m) => ({ Component: m.TimetablePage })),
  announcements: () =>
    import('../features/announcements/pages/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
  notifications: () =>
    import('../features/notifications/pages/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
};

const notAvailable: LazyPage = () =>
  import('./pages/not-available-page').then((m) => ({ Component: m.NotAvailablePage }));

function shellChild(route: ShellRoute): RouteObject {
  const handle: RouteHandle = { titleKey: routeTitleKey(route.path), fillsView: VIEW_FILLING_PAGES.has(route.path) };
  const page: RouteObject = {
    path: route.path,
    handle,
    lazy: lazyPage(PAGES[route.path] ?? notAvailable),
    ErrorBoundary: RouteError,
  };
  if (!route.roles) return page;
  return {
    element: (
      <ProtectedRoute roles={route.roles}>
        <Outlet />
      </ProtectedRoute>
    ),
    children: [page],
  };
}

/** The route table of docs/product.md, "Routes and who may open them": public pages, then the protected shell at `/` with one child per SHELL_ROUTES entry. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: InitialFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: 'login', loader: loadAuthTexts, element: <LoginPage /> },
      // i18n-exempt: a role code
      { path: 'login/company-admin', loader: loadAuthTexts, element: <LoginPage fixedRole="company_admin" /> },
      // i18n-exempt: a role code
      { path: 'login/school-admin', loader: loadAuthTexts, element: <LoginPage fixedRole="school_admin" /> },
      {
        path: 'signup/company-admin',
        loader: loadAuthTexts,
        lazy: lazyPage(() =>
          import('../features/auth/pages/signup-company-admin-page').then((m) => ({
            Component: m.SignupCompanyAdminPage,
          })),
        ),
      },
      {
        path: 'signup/school-admin',
        loader: loadAuthTexts,
        lazy: lazyPage(() =>
          import('../features/auth/pages/signup-school-admin-page').then((m) => ({
            Component: m.SignupSchoolAdminPage,
          })),
        ),
      },
      {
        path: 'forgot-password',
        loader: loadAuthTexts,
        lazy: lazyPage(() =>
          import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
        ),
      },
      {
        path: 'reset-password',
        loader: loadAuthTexts,
        lazy: lazyPage(() =>
          import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
        ),
      },
      {
        path: 'verify-email',
        lazy: lazyPage(() =>
          import('../features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
        ),
      },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      {
        path: 'plan-expired',
        lazy: lazyPage(() =>
          import('../features/subscription/pages/lapsed-plan-page').then((m) => ({ Component: m.LapsedPlanPage })),
        ),
      },
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        ),
        children: [
          {
            lazy: lazyPage(() => import('./shell/app-shell').then((m) => ({ Component: m.AppShell }))),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...SHELL_ROUTES.map(shellChild),
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
