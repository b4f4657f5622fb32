// A file from the API saved under a name (decision 047): the API takes the session's bearer token,
// which a plain link cannot send, so the file is fetched with it and handed to the browser as a
// download. The link's own href and download name stay for what a link is for (copy, open).
import { authHeader, toApiError } from './api-client';

/** GET `url` with the session and save it: as the server names it, else as `fallbackName`. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { headers: authHeader() });
  if (!response.ok) throw await toApiError(response);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = named?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
