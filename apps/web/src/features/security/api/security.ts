import type {
  AddressCreateRequest,
  AllowlistRequest,
  AntiPhishingRequest,
  ApiKeyCreateRequest,
} from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const securityKeys = {
  totp: ['user', 'totp'] as const,
  protection: ['user', 'protection'] as const,
  addresses: ['user', 'addresses'] as const,
  apiKeys: ['user', 'api-keys'] as const,
};

/** Whether 2FA is on: forms that 2FA guards show the code field only then (ADR 204). */
export function useTotpStatus() {
  return useQuery({ queryKey: securityKeys.totp, queryFn: ({ signal }) => api.user.totpStatus({ signal }) });
}

export function useTotpSetup() {
  return useMutation({ mutationFn: () => api.user.totpSetup() });
}

export function useTotpEnable() {
  return useMutation({ mutationFn: (code: string) => api.user.totpEnable(code) });
}

export function useTotpDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.user.totpDisable(code),
    onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.totp }),
  });
}

export function useProtection() {
  return useQuery({
    queryKey: securityKeys.protection,
    queryFn: ({ signal }) => api.user.protection({ signal }),
  });
}

export function useSetAntiPhishing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AntiPhishingRequest) => api.user.setAntiPhishing(body),
    onSuccess: (data) => qc.setQueryData(securityKeys.protection, data),
  });
}

export function useAddressBook() {
  return useQuery({
    queryKey: securityKeys.addresses,
    queryFn: ({ signal }) => api.user.addresses({ signal }),
  });
}

export function useAddressBookChange() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: securityKeys.addresses });
    void qc.invalidateQueries({ queryKey: securityKeys.protection });
  };
  return {
    add: useMutation({ mutationFn: (b: AddressCreateRequest) => api.user.addAddress(b), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: string) => api.user.removeAddress(id), onSuccess: done }),
    allowlist: useMutation({
      mutationFn: (b: AllowlistRequest) => api.user.setAllowlist(b),
      onSuccess: done,
    }),
  };
}

export function useApiKeys() {
  return useQuery({ queryKey: securityKeys.apiKeys, queryFn: ({ signal }) => api.apiKeys.list({ signal }) });
}

export function useApiKeyChange() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: securityKeys.apiKeys });
  return {
    create: useMutation({ mutationFn: (b: ApiKeyCreateRequest) => api.apiKeys.create(b), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: string) => api.apiKeys.remove(id), onSuccess: done }),
  };
}
