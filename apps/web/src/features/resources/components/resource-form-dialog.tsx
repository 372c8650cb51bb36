import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  createResourceRequest,
  messages,
  parseVideoUrl,
  resourceFileLimits,
  resourceTypeLabels,
  resourceTypes,
  type AdminResource,
  type Resource,
  type ResourceType,
} from '@portal/contract';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { ResourceCard } from '@/components/resources/resource-card';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { createResource } from '../api/create-resource';
import { updateResource } from '../api/update-resource';
import { uploadResourceFile } from '../api/upload-resource-file';

const m = messages.resources;
const typeOptions = resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] }));
const accept = { pdf: 'application/pdf,.pdf', image: 'image/png,image/jpeg,image/gif,image/webp' } as const;
const takesFile = (type: ResourceType) => type === 'pdf' || type === 'image';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Draft = {
  title: string;
  type: ResourceType;
  category: string;
  description: string;
  url: string;
  published: boolean;
  featured: boolean;
};

const draftOf = (resource: AdminResource | null): Draft => ({
  title: resource?.title ?? '',
  type: resource?.type ?? 'video',
  category: resource?.category ?? '',
  description: resource?.description ?? '',
  url: resource?.url ?? '',
  published: resource?.published ?? false,
  featured: resource?.featured ?? false,
});

interface ResourceFormDialogProps {
  open: boolean;
  /** The resource being edited; null to add one. */
  resource: AdminResource | null;
  categories: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** The contract's rule over the form's values: a file type sends no URL (the typed one stays for a switch back). */
const resourceForm = z.preprocess(
  (draft: Draft) => ({ ...draft, url: takesFile(draft.type) ? null : draft.url }),
  createResourceRequest,
);
const serverFields = ['title', 'category', 'description', 'url'] as const;

/** Add or edit a resource, with a live preview of the partner's card and the upload's progress. */
export function ResourceFormDialog({ open, resource, categories, onClose, onSaved }: ResourceFormDialogProps) {
  const { field, register, watch, getValues, trigger, submit, formError, setFormError, setServerErrors, isSubmitting } =
    useZodForm(resourceForm, { defaultValues: draftOf(resource) });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const isEdit = resource !== null;
  const draft = watch();
  const description = draft.description ?? '';

  const video = draft.type === 'video' && draft.url ? parseVideoUrl(draft.url) : null;
  const preview: Resource = {
    id: resource?.id ?? 0,
    title: draft.title.trim(),
    type: draft.type,
    category: draft.category.trim() || 'Category',
    description: description.trim(),
    url: draft.url,
    embed_url: video?.embedUrl ?? null,
    thumbnail_url: video?.thumbnailUrl ?? null,
    file: null,
    featured: draft.featured,
    position: 0,
    published_at: draft.published ? (resource?.published_at ?? new Date().toISOString()) : null,
  };

  const checkFile = (chosen: File | null, type: ResourceType): string | null => {
    if (!chosen) return null;
    if (type === 'pdf' && chosen.size > resourceFileLimits.pdf) return m.pdfTooLarge;
    if (type === 'image' && chosen.size > resourceFileLimits.image) return m.imageTooLarge;
    return null;
  };

  const save = submit(
    async (values) => {
      let saved: AdminResource | null = null;
      try {
        saved = isEdit ? await updateResource(resource.id, values) : await createResource(values);
        if (file && takesFile(values.type)) {
          setProgress(0);
          await uploadResourceFile(saved.id, file, setProgress);
        }
        toast.success(isEdit ? m.updated : m.added);
        onSaved();
        onClose();
      } catch (error) {
        toast.error(isEdit ? m.updateFailed : m.addFailed);
        // Saved but the upload failed: the row exists now; close so a retry edits it instead of adding another.
        if (saved && !isEdit) {
          onSaved();
          onClose();
        }
        throw error;
      } finally {
        setProgress(null);
      }
    },
    (error) => {
      const fields = getServerFieldErrors(error);
      if (Object.keys(fields).length === 0) return getServerMessage(error);
      setServerErrors(error, [...serverFields]);
      setFileError(fields.file ?? null);
      return undefined;
    },
  );

  // The file is not part of the request: checked here, next to the schema's field messages.
  const onSubmit = (event: FormEvent) => {
    const type = getValues('type');
    const keepsFile = isEdit && resource.file && resource.type === type;
    const problem = checkFile(file, type) ?? (takesFile(type) && !file && !keepsFile ? m.fileRequired : null);
    setFileError(problem);
    if (!problem) return save(event);
    event.preventDefault();
    setFormError(null);
    return trigger();
  };
  const typeField = field('type');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={isEdit ? 'Edit resource' : 'Add resource'}
      footer={
        <DialogActions
          submitLabel={isEdit ? 'Save changes' : 'Add resource'}
          onCancel={onClose}
          form="resource-form"
          isPending={isSubmitting}
        />
      }
    >
      <form id="resource-form" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <TextField label="Title" {...field('title')} maxLength={120} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Type"
            options={typeOptions}
            {...typeField}
            onChange={(e) => {
              void typeField.onChange(e);
              setFile(null);
            }}
          />
          <TextField label="Category" {...field('category')} list="resource-categories" maxLength={60} />
          <datalist id="resource-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <TextAreaField label="Description" {...field('description')} hint={`${description.length}/500`} maxLength={500} />
        {takesFile(draft.type) ? (
          <div className="space-y-1.5">
            <label htmlFor="resource-file" className="block text-sm font-medium text-slate-700">
              {draft.type === 'pdf' ? 'PDF file (up to 10 MB)' : 'Image file: PNG, JPEG, GIF or WebP (up to 5 MB)'}
            </label>
            <input
              id="resource-file"
              type="file"
              accept={accept[draft.type]}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setFileError(checkFile(chosen, draft.type));
              }}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'resource-file-error' : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
            />
            {resource?.file && resource.type === draft.type && !file && (
              <p className="text-xs text-slate-500">
                Current file: {resource.file.name} ({mb(resource.file.size)})
              </p>
            )}
            {fileError && (
              <p id="resource-file-error" className="text-sm text-red-600">
                {fileError}
              </p>
            )}
            {progress !== null && (
              <div className="space-y-1">
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="h-2 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-2 bg-brand-600 transition-all" style={{ width: `${Math.round(progress * 100)}%` }} />
                </div>
                <p className="text-xs text-slate-500">Uploading… {Math.round(progress * 100)}%</p>
              </div>
            )}
          </div>
        ) : (
          <TextField
            label={draft.type === 'video' ? 'Video URL (YouTube, Vimeo or Loom)' : 'Link URL'}
            {...field('url')}
            inputMode="url"
            placeholder={draft.type === 'video' ? 'https://www.youtube.com/watch?v=…' : 'https://… or mailto:…'}
          />
        )}
        <div className="flex flex-wrap gap-6">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" {...register('published')} className="size-4 rounded border-slate-300" />
            Published (partners see it)
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" {...register('featured')} className="size-4 rounded border-slate-300" />
            Featured
          </label>
        </div>
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">Preview</p>
          <div className="max-w-xs" aria-label="Preview of the partner's card" role="group">
            <ResourceCard resource={preview} isPreview />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
