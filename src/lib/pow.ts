/** What an image code offers in place of reading its picture (the accessible way through). */
export interface PowChallenge {
  challenge: string;
  difficulty: number;
}

/**
 * (WebCrypto is there only in a secure context, HTTPS or localhost: the caller offers this only when crypto.subtle is.)
 * Finds a nonce n such that SHA-256(`${challenge}:${n in base 36}`) begins with `difficulty` zero bits, and answers
 * it as the image code's text: `~` + n. Hashes 16 at a time (WebCrypto is asynchronous; one at a time spends most of
 * the time waiting).
 */
export async function solvePow({ challenge, difficulty }: PowChallenge): Promise<string> {
  const utf8 = new TextEncoder();
  for (let n = 0; ; n += 16) {
    const nonces = Array.from({ length: 16 }, (_, k) => (n + k).toString(36));
    const hashes = await Promise.all(nonces.map((s) => crypto.subtle.digest('SHA-256', utf8.encode(`${challenge}:${s}`))));
    const found = hashes.findIndex((h) => leadingZeroBits(new Uint8Array(h)) >= difficulty);
    if (found >= 0) return `~${nonces[found]}`;
  }
}

function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const b of bytes) {
    if (b) return bits + Math.clz32(b) - 24;
    bits += 8;
  }
  return bits;
}
