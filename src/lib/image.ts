/** Longest side of an uploaded photo (services.md: images are compressed on the phone). */
export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.85;

/** Target size keeping the aspect ratio, with the longest side at most `max`. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export const isCompressibleImage = (file: Blob) => /^image\/(jpeg|png|webp)$/.test(file.type);

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

/**
 * Re-encodes a photo as JPEG with the longest side at most 1600 px (also drops EXIF data such as
 * the location). Gives the original file back when the browser cannot decode it.
 */
export async function compressImage(file: File): Promise<File> {
  if (!isCompressibleImage(file)) return file;
  try {
    const image = await decode(file);
    try {
      const size = fitWithin(image.width, image.height);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return file;
      // A white background: PNG transparency would turn black in JPEG.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.drawImage(image.source, 0, 0, size.width, size.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
      if (!blob) return file;
      const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
      return new File([blob], name, { type: 'image/jpeg' });
    } finally {
      image.close();
    }
  } catch {
    return file;
  }
}
