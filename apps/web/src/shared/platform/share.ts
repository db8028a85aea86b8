import { Clipboard } from '@capacitor/clipboard';
import { Share } from '@capacitor/share';
import { isNativePlatform } from './native.ts';

export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

/** Whether a device share sheet exists (native apps, or browsers with the Web Share API). */
export function canShare(): boolean {
  return isNativePlatform() || (typeof navigator !== 'undefined' && typeof navigator.share === 'function');
}

/** Opens the device share sheet; resolves false when the user dismissed it or sharing is unavailable. */
export async function shareContent(content: ShareContent): Promise<boolean> {
  try {
    if (isNativePlatform()) await Share.share({ ...content, dialogTitle: content.title });
    else if (typeof navigator.share === 'function') await navigator.share(content);
    else return false;
    return true;
  } catch {
    return false;
  }
}

/** The WhatsApp share link (opens the app or WhatsApp Web). */
export function whatsappShareUrl(content: ShareContent): string {
  return `https://wa.me/?text=${encodeURIComponent(`${content.text} ${content.url}`)}`;
}

/** Copies text to the clipboard; resolves false on failure. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (isNativePlatform()) await Clipboard.write({ string: text });
    else await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offers a file for download (web): an .ics calendar entry, an invoice PDF, a team document. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
