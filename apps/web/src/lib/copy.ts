import toast from 'react-hot-toast';

/** Copies a secret shown once (password, key) and says whether it worked; on failure the user copies by hand. */
export async function copyWithToast(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Copy failed: select the ${what.toLowerCase()} and copy it by hand.`);
  }
}
