import { useMutation, useQuery } from '@tanstack/react-query';
import { checkFile, type FilePurpose } from '@agentry/core/files';
import { Check, ImageOff, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { picturesQuery, uploadFile } from '../../api/marketplace-api';
import { describePicture } from '../../lib/picture-name';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type ImagePickerProps = {
  kind: 'image' | 'avatar';
  legend: string;
  /** docs/product/marketplace.md#the-create-project-wizard: shown when the list fails to load or is empty. */
  failureText: string;
  value: string;
  onChange: (path: string) => void;
  error?: string;
  canUpload: boolean;
};

/** A grid of the server's pictures (project images or avatars), plus 'Upload your own' through POST /api/files. */
export function ImagePicker({ kind, legend, failureText, value, onChange, error, canUpload }: ImagePickerProps) {
  const errorId = useId();
  const uploadErrorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const pictures = useQuery(picturesQuery(kind));
  const [uploaded, setUploaded] = useState<string[]>(() => (value && !isBuiltIn(value) ? [value] : []));
  const [uploadError, setUploadError] = useState<string | null>(null);
  const purpose: FilePurpose = kind === 'image' ? 'project-image' : 'avatar';

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, purpose),
    meta: { silentError: true },
    onSuccess: (file) => {
      setUploaded((current) => [file.url, ...current.filter((path) => path !== file.url)]);
      onChange(file.url);
    },
    onError: (failure) =>
      setUploadError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : 'Upload failed. Please try again.',
      ),
  });

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkFile({ name: file.name, size: file.size, purpose });
    if (!check.isValid) {
      setUploadError(check.message);
      return;
    }
    setUploadError(null);
    upload.mutate(file);
  }

  const serverPictures = pictures.data ?? [];
  const options = [...uploaded, ...serverPictures.filter((path) => !uploaded.includes(path))];
  const hasFailed = pictures.isError || (pictures.isSuccess && serverPictures.length === 0);

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {pictures.isPending ? (
        <div className={gridClass(kind)} aria-busy="true" aria-label="Loading pictures">
          {Array.from({ length: kind === 'image' ? 6 : 10 }, (_, index) => (
            <Skeleton key={index} className={kind === 'image' ? 'aspect-video' : 'aspect-square rounded-full'} />
          ))}
        </div>
      ) : null}
      {hasFailed ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-[var(--radius-control)] border border-dashed border-border px-3 py-4 text-sm text-muted-foreground"
        >
          <ImageOff className="size-4 shrink-0" aria-hidden />
          {failureText}
        </p>
      ) : null}
      {options.length > 0 ? (
        <div className={gridClass(kind)}>
          {options.map((path, index) => {
            const isChecked = path === value;
            const name = uploaded.includes(path)
              ? `Your upload ${uploaded.indexOf(path) + 1}`
              : describePicture(path, kind, index);
            return (
              <label
                key={path}
                className={cn(
                  'relative block cursor-pointer transition-shadow duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-ring',
                  kind === 'image' ? 'rounded-[var(--radius-control)]' : 'rounded-full',
                  isChecked
                    ? 'ring-2 ring-primary ring-offset-2 ring-offset-card'
                    : 'hover:ring-2 hover:ring-border hover:ring-offset-2 hover:ring-offset-card',
                )}
              >
                <input
                  type="radio"
                  name={`picture-${kind}`}
                  value={path}
                  checked={isChecked}
                  onChange={() => onChange(path)}
                  className="sr-only"
                  aria-label={name}
                />
                <span
                  className={cn(
                    'block overflow-hidden bg-muted',
                    kind === 'image' ? 'aspect-video rounded-[var(--radius-control)]' : 'aspect-square rounded-full',
                  )}
                >
                  <img src={path} alt="" loading="lazy" className="size-full object-cover" />
                </span>
                {isChecked ? (
                  <span className="absolute -right-1.5 -top-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm">
                    <Check className="size-3" strokeWidth={3} aria-hidden />
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={handleFile}
          data-testid={`upload-${kind}`}
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => fileInput.current?.click()}
          disabled={!canUpload || upload.isPending}
          aria-describedby={uploadError ? uploadErrorId : undefined}
        >
          {upload.isPending ? <Spinner /> : <Upload aria-hidden />}
          Upload your own
        </Button>
        <span className="text-xs text-muted-foreground">
          {canUpload ? 'PNG, JPEG, GIF or WebP, up to 25MB.' : 'Sign in to upload your own picture.'}
        </span>
      </div>
      <FieldError id={uploadErrorId}>{uploadError ?? undefined}</FieldError>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

function isBuiltIn(path: string) {
  return path.startsWith('/media/');
}

function gridClass(kind: 'image' | 'avatar') {
  return kind === 'image' ? 'grid grid-cols-2 gap-3 p-1 sm:grid-cols-3' : 'grid grid-cols-4 gap-4 p-1 sm:grid-cols-6';
}
