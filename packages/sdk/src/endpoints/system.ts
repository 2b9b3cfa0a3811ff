import type { UploadPurpose } from '@ex/contract';
import type { CallOptions, Client } from '../client.ts';
import { call } from '../endpoint.ts';
import type { UpdateCheckRequest } from '../types.ts';

export function systemApi(client: Client) {
  return {
    config: (opts?: CallOptions) => call(client, 'config', {}, opts),
    countries: (opts?: CallOptions) => call(client, 'countries', {}, opts),
    /**
     * Multipart image upload (jpeg/png/webp, at most 5 MB). `avatar` (default): `url` is the image
     * base address + `path`. `kyc`: private; `path` is an opaque id, read it with `kyc.image(path)`.
     */
    upload: (
      file: Blob,
      opts?: CallOptions & { field?: string; filename?: string; purpose?: UploadPurpose },
    ) => {
      const form = new FormData();
      const filename = opts?.filename ?? (file instanceof File ? file.name : 'image');
      form.append(opts?.field ?? 'file', file, filename);
      const query = opts?.purpose ? { purpose: opts.purpose } : undefined;
      return call(client, 'upload', { body: form, ...(query ? { query } : {}) }, opts);
    },
    /** `null` (ignored by the caller) when no newer release exists. */
    update: (body: UpdateCheckRequest, opts?: CallOptions) => call(client, 'update', { body }, opts),
  };
}
