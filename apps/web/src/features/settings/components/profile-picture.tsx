import type { SessionUser } from '@lyceum/shared/auth';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@lyceum/shared/files';
import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useRemoveProfilePicture } from '../api/remove-profile-picture';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

/**
 * Early feedback only: the server decides by the file's content. Returns the problem (its key in the
 * `settings` catalogue, worded as the server's FILE_MESSAGES), or null when the browser's view of the file
 * looks acceptable.
 */
export function checkPictureFile(file: File): 'notAnImage' | 'tooLarge' | 'noFile' | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'tooLarge';
  if (file.size === 0) return 'noFile';
  return null;
}

/** Settings → Profile: the picture, with a preview of a chosen file before it is uploaded, and removal. */
export function ProfilePicture({ user }: { user: SessionUser }) {
  const { t } = useT('settings');
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!chosen) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const clearChoice = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const issue = checkPictureFile(file);
    setProblem(issue && t(`picture.${issue}`));
    if (issue) {
      clearChoice();
      return;
    }
    setChosen(file);
  };

  const onUpload = async () => {
    if (!chosen) return;
    setProblem(null);
    try {
      await upload.mutateAsync(chosen);
      clearChoice();
      toast.success(t('picture.updated'));
    } catch (error) {
      // The toast is the wording of docs/product.md, "Files"; the inline message says why (too large, storage full, not an image).
      setProblem(errorMessage(error, t('picture.uploadFailed')));
      toast.error(t('picture.uploadFailed'));
      clearChoice();
    }
  };

  const onRemove = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success(t('picture.removed'));
    } catch (error) {
      setProblem(errorMessage(error));
      toast.error(t('picture.notRemoved'));
    }
  };

  const busy = upload.isPending || remove.isPending;

  return (
    <div className="mb-6 flex flex-col gap-4 border-b border-slate-100 pb-6 sm:flex-row sm:items-center">
      <Avatar
        name={user.name}
        src={preview ?? user.profileImage}
        size="lg"
        decorative={false}
        data-testid="profile-picture-preview"
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="text-sm font-medium text-slate-900">{t('picture.title')}</p>
          <p id={hintId} className="text-sm text-slate-500">
            {chosen ? t('picture.previewShown', { file: chosen.name }) : t('picture.hint')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {chosen && (
            <Button type="button" size="sm" onClick={onUpload} loading={upload.isPending}>
              <Upload className="size-4" aria-hidden="true" />
              {t('picture.upload')}
            </Button>
          )}
          <label
            className={buttonClasses(
              'secondary',
              'sm',
              'cursor-pointer focus-within:ring-2 focus-within:ring-blue-500 focus-within:ring-offset-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
            )}
          >
            {chosen ? t('picture.chooseAnother') : user.profileImage ? t('picture.change') : t('picture.choose')}
            {/* Inside its label: the styled label is the visible button, the input keeps keyboard focus. */}
            <input
              ref={input}
              type="file"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              aria-describedby={hintId}
              className="sr-only"
              onChange={onChoose}
              disabled={busy}
            />
          </label>
          {chosen && (
            <Button type="button" size="sm" variant="ghost" onClick={clearChoice} disabled={busy}>
              {t('picture.cancel')}
            </Button>
          )}
          {!chosen && user.profileImage && (
            <Button type="button" size="sm" variant="ghost" onClick={onRemove} loading={remove.isPending}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('picture.remove')}
            </Button>
          )}
        </div>
        {problem && <Alert>{problem}</Alert>}
      </div>
    </div>
  );
}
