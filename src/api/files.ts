import { client, unwrapBlob } from './client';

/**
 * A file the user may read (their upload, an attachment of their application), read with the token as a blob.
 * `quiet`: no loading indicator and no message when the connection fails (thumbnails, a photo beside the page).
 */
export const readFile = (fileId: string, quiet = false) =>
  unwrapBlob(
    client.GET('/api/wj/file/{fileId}', {
      params: { path: { fileId } },
      parseAs: 'blob',
      ...(quiet ? { loading: false, silent: true } : {}),
    }),
  );
