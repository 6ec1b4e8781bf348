/**
 * A fetch for one call that reports upload progress (fetch cannot): openapi-fetch takes it per
 * request, so the call still goes through the client's middleware.
 */
export function fetchWithUploadProgress(onProgress: (fraction: number) => void) {
  return async (request: Request): Promise<Response> => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.formData().catch(() => request.text());
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, key) => {
        // The browser sets the multipart boundary itself.
        if (!(body instanceof FormData && key.toLowerCase() === 'content-type')) xhr.setRequestHeader(key, value);
      });
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        onProgress(1);
        const nullBody = [101, 204, 205, 304].includes(xhr.status);
        resolve(new Response(nullBody ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
