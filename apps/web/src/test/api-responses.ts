import type { ClassListResponse } from '@lyceum/shared/academics';
import type { DashboardResponse, NotificationList } from '@lyceum/shared/api';
import type { AuthResponse, SetPasswordLinkStatus } from '@lyceum/shared/auth';
import type { SchoolLocale } from '@lyceum/shared/locale';
import type {
  AddonListResponse,
  AddonRequest,
  AddonRequestListResponse,
  ApiKey,
  ApiKeyListResponse,
  CreatedApiKeyResponse,
  MySubscriptionResponse,
  PaymentListResponse,
  Plan,
  PlanListResponse,
  SchoolBrand,
  SchoolDetailResponse,
  SchoolResponse,
} from '@lyceum/shared/company';
import type {
  CreateParentResponse,
  CreateStudentResponse,
  ResetUserPasswordResponse,
  StudentProfileResponse,
  UserListResponse,
} from '@lyceum/shared/people';
import type { ClearSlotsResponse } from '@lyceum/shared/timetable';

/**
 * The body each mocked route answers with on success, from the shared contracts. `mockFetch` holds a
 * handler of a listed route to it, so a contract change breaks the test at type-check time. Routes with
 * an id in the path are listed with the id the tests use.
 *
 * Not listed yet, because some tests still mock them with partial rows: GET /students, GET /teachers,
 * GET /company/schools, POST /company/schools, GET /marketplace, POST /addon-requests, POST /payments.
 */
export interface ApiResponses {
  'GET /api/v1/auth/me': AuthResponse;
  'POST /api/v1/auth/login': AuthResponse;
  'POST /api/v1/auth/reset-password/check': SetPasswordLinkStatus;
  'PATCH /api/v1/profile': AuthResponse;
  'POST /api/v1/profile/picture': AuthResponse;
  'DELETE /api/v1/profile/picture': AuthResponse;
  'PUT /api/v1/profile/language': AuthResponse;
  'GET /api/v1/school/locale': SchoolLocale;
  'PUT /api/v1/school/locale': SchoolLocale;
  'GET /api/v1/notifications': NotificationList;
  'GET /api/v1/dashboard': DashboardResponse;
  'GET /api/v1/school': SchoolResponse;
  'GET /api/v1/brand': SchoolBrand;
  'GET /api/v1/classes': ClassListResponse;
  'POST /api/v1/students': CreateStudentResponse;
  'GET /api/v1/students/stu-a': StudentProfileResponse;
  'POST /api/v1/parents': CreateParentResponse;
  'GET /api/v1/users': UserListResponse;
  'POST /api/v1/users/teacher-1/reset-password': ResetUserPasswordResponse;
  'GET /api/v1/company/schools/school-1': SchoolDetailResponse;
  'GET /api/v1/company/plans': PlanListResponse;
  'POST /api/v1/company/plans': Plan;
  'GET /api/v1/company/addons': AddonListResponse;
  'GET /api/v1/company/addon-requests': AddonRequestListResponse;
  'POST /api/v1/company/addon-requests/r1/approve': AddonRequest;
  'POST /api/v1/company/addon-requests/r2/reject': AddonRequest;
  'GET /api/v1/addon-requests': AddonRequestListResponse;
  'GET /api/v1/subscription': MySubscriptionResponse;
  'GET /api/v1/payments': PaymentListResponse;
  'GET /api/v1/api-keys': ApiKeyListResponse;
  'POST /api/v1/api-keys': CreatedApiKeyResponse;
  'POST /api/v1/api-keys/k1/revoke': ApiKey;
  'DELETE /api/v1/timetable/slots': ClearSlotsResponse;
}
