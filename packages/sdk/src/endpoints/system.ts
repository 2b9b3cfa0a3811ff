import type { CallOptions, Client } from '../client.ts';
import type { AppConfig, Country, UpdateCheckRequest, UpdateInfo, UploadResult } from '../types.ts';

export function systemApi(client: Client) {
  return {
    config: (opts?: CallOptions) => client.get<AppConfig>('/api/app/config', undefined, opts),
    countries: (opts?: CallOptions) => client.get<Country[]>('/api/app/country', undefined, opts),
    /** Multipart image upload (jpeg/png/webp, at most 5 MB); `url` is the image base address + `path`. */
    upload: (file: Blob, opts?: CallOptions & { field?: string; filename?: string }) => {
      const form = new FormData();
      const filename = opts?.filename ?? (file instanceof File ? file.name : 'image');
      form.append(opts?.field ?? 'file', file, filename);
      return client.post<UploadResult>('/api/app/images/upload', form, opts);
    },
    /** `null` (ignored by the caller) when no newer release exists. */
    update: (body: UpdateCheckRequest, opts?: CallOptions) =>
      client.post<UpdateInfo | null>('/api/app/update', body, opts),
  };
}
