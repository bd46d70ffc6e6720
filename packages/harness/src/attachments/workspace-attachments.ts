import type { ProviderV1 } from '@warden/protocol';
import { lookupModel } from '@warden/providers/catalog';
import { readAttachments, type AttachmentInput, type AttachmentLimits, type ReadAttachments } from './read-attachments.js';

/**
 * Whether the provider's model sees images, from the model catalogue's `vision` capability:
 * `false` for a catalogued model without it, undefined for a model the catalogue does not know
 * (its images are sent, and the vendor answers for it).
 */
export function modelSeesImages(provider: Pick<ProviderV1, 'id' | 'model'>): boolean | undefined {
  const info = lookupModel(provider.model, provider.id) ?? lookupModel(provider.model);
  return info ? info.capabilities.includes('vision') : undefined;
}

/** The harness's reader of a run's attachments: paths against its workspace, images only for a model that sees. */
export function workspaceAttachments(workdir: string, provider: Pick<ProviderV1, 'id' | 'model'>): (inputs: readonly AttachmentInput[], limits: AttachmentLimits | undefined) => Promise<ReadAttachments> {
  return (inputs, limits) => {
    const sees = modelSeesImages(provider);
    return readAttachments(inputs, { workdir, model: provider.model, ...(limits ? { limits } : {}), ...(sees !== undefined ? { acceptsImages: sees } : {}) });
  };
}
