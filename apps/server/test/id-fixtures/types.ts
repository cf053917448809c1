import type { Role } from '@lyceum/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { SchoolFixture } from '../helpers.ts';

/**
 * What the cross-tenant check needs for one route with path parameters: a row of school A and the school
 * role that may reach it there. The check then asks for it as the same role of school B and expects 404.
 * `params` maps each `:name` of the route to a value; `companyOnly` marks routes no school role may call at
 * all (the role matrix already proves 403), with the reason written down.
 */
export type IdFixtureResult =
  | { params: Record<string, string>; asRole: Exclude<Role, 'company_admin' | 'company_user' | 'admin'> }
  | { companyOnly: string };

export type IdFixture = (app: FastifyInstance, a: SchoolFixture) => Promise<IdFixtureResult>;
