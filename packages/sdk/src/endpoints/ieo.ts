import type {
  IeoApplication,
  IeoApplicationPage,
  IeoProject,
  IeoProjectCreate,
  IeoProjectList,
  IeoProjectTextsUpdate,
  IeoSettlement,
} from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';

type PageParams = { page?: number; limit?: number };
const id = (value: string) => encodeURIComponent(value);

/** IEO projects (new coins) and subscriptions; `admin*` need the admin client. */
export function ieoApi(client: Client) {
  return {
    projects: (opts?: CallOptions) => client.get<IeoProjectList>('/api/app/ieo/projects', undefined, opts),
    project: (projectId: string, opts?: CallOptions) =>
      client.get<IeoProject>(`/api/app/ieo/projects/${id(projectId)}`, undefined, opts),
    subscribe: (projectId: string, quantity: string, opts?: CallOptions) =>
      client.post<IeoApplication>(`/api/app/ieo/projects/${id(projectId)}/subscribe`, { quantity }, opts),
    applications: (query?: PageParams, opts?: CallOptions) =>
      client.get<IeoApplicationPage>('/api/app/ieo/applications', query, opts),
    adminProjects: (opts?: CallOptions) =>
      client.get<IeoProjectList>('/api/admin/ieo/projects', undefined, opts),
    adminCreate: (body: IeoProjectCreate, opts?: CallOptions) =>
      client.post<IeoProject>('/api/admin/ieo/projects', body, opts),
    /** A project's name and description and their maps, each replaced whole (ADR 243). */
    adminUpdateTexts: (projectId: string, body: IeoProjectTextsUpdate, opts?: CallOptions) =>
      client.post<IeoProject>(`/api/admin/ieo/projects/${id(projectId)}`, body, opts),
    adminSettle: (projectId: string, opts?: CallOptions) =>
      client.post<IeoSettlement>(`/api/admin/ieo/projects/${id(projectId)}/settle`, {}, opts),
  };
}
