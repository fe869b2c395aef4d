import QRCode from 'qrcode';

const cache = new Map<string, Promise<string>>();

/** QR codes kept drawn: the operator's few static addresses and the most recently asked investors' own. */
const CACHE_LIMIT = 1000;

/**
 * A QR code of `text` as an SVG data URL (no external service, works offline). Each is drawn once
 * and kept, the oldest dropped past CACHE_LIMIT (every investor has an address of their own).
 */
export function qrDataUrl(text: string): Promise<string> {
  let url = cache.get(text);
  if (!url) {
    url = QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
    cache.set(text, url);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  return url;
}

/** The wallet's own QR image when the operator gave one, else one drawn from its address. */
export function walletQrCode(wallet: { address: string; imageUrl: string | null }): Promise<string> {
  return wallet.imageUrl ? Promise.resolve(wallet.imageUrl) : qrDataUrl(wallet.address);
}
