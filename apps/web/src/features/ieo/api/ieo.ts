import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ieoKeys = {
  projects: ['ieo', 'projects'] as const,
  project: (id: string) => ['ieo', 'projects', id] as const,
  applications: ['ieo', 'applications'] as const,
};

export function useIeoProjects() {
  return useQuery({ queryKey: ieoKeys.projects, queryFn: ({ signal }) => api.ieo.projects({ signal }) });
}

export function useIeoProject(id: string) {
  return useQuery({
    queryKey: ieoKeys.project(id),
    queryFn: ({ signal }) => api.ieo.project(id, { signal }),
    enabled: id !== '',
    retry: false,
  });
}

export function useIeoApplications() {
  return useQuery({
    queryKey: ieoKeys.applications,
    queryFn: ({ signal }) => api.ieo.applications({ limit: 50 }, { signal }),
  });
}

export function useSubscribe(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    // Quiet: the screen shows every refusal under the quantity (no toast over it).
    mutationFn: (quantity: string) => api.ieo.subscribe(projectId, quantity, { quiet: true }),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['ieo'] }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]);
    },
  });
}
